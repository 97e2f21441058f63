import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §8: the app page's banners ('Could not save', 'Could not load') are dismissible. */
export function DismissibleError({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (message === null) return null;
  return (
    <Alert
      color="red"
      title={title}
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={onClose}
    >
      {message}
    </Alert>
  );
}
