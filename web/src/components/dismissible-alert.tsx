import { Alert, type AlertProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** A banner the person can close: its close button is labelled 'Dismiss' unless `closeLabel` says otherwise. */
export function DismissibleAlert({
  closeLabel,
  ...props
}: AlertProps & { onClose: () => void; closeLabel?: string; role?: string; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return <Alert withCloseButton closeButtonLabel={closeLabel ?? t('common.dismiss')} {...props} />;
}
