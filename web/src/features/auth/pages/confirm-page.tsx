import { Alert, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useTokenLink } from '../../../components/use-token-link.ts';
import { useConfirmEmail } from '../api.ts';
import { AuthCard } from '../components/auth-form.tsx';
import { safeNext } from './sign-in-page.tsx';

export function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const confirm = useConfirmEmail();
  const token = useTokenLink((token) => confirm.mutate({ token }));

  if (confirm.isSuccess) {
    return <Navigate to={safeNext(params.get('next'), '/')} replace state={{ flash: t('auth.confirmed') }} />;
  }
  return (
    <AuthCard title={t('auth.confirming')}>
      {confirm.isError || !token ? (
        <Alert color="red" role="alert">
          {t('auth.confirmFailed')}
        </Alert>
      ) : (
        <Center>
          <Loader aria-label={t('auth.confirming')} />
        </Center>
      )}
    </AuthCard>
  );
}
