import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api.ts';
import { useRequestSignInLink } from '../api.ts';

/**
 * The lock-out message: sign-in was refused for too many attempts (someone may be guessing), so
 * the owner is offered a one-time link by e-mail, which guessing cannot block.
 */
export function SignInLinkOffer({ message, email, next }: { message: string; email: string; next: string }) {
  const { t } = useTranslation();
  const link = useRequestSignInLink();
  if (link.isSuccess) {
    return (
      <Alert color="green" role="status">
        {t('auth.signInLinkSent', { email: link.variables.email })}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {link.isError && <Text size="sm">{errorText(link.error)}</Text>}
        <Button
          variant="white"
          size="xs"
          loading={link.isPending}
          onClick={() => link.mutate({ email: email.trim(), next })}
        >
          {t('auth.sendSignInLink')}
        </Button>
      </Stack>
    </Alert>
  );
}
