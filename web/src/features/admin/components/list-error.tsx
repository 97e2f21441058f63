import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec admin §8: admin lists that fail to load say "An error occurred". */
export function ListError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      {t('adminLists.error')}
    </Alert>
  );
}
