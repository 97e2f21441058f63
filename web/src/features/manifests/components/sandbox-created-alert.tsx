import { useTranslation } from 'react-i18next';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';

/** 'Sandbox manifest created': shown once the app's first sandbox version has a data connection. */
export function SandboxCreatedAlert({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DismissibleAlert color="green" title={t('manifests.sandbox.createdTitle')} onClose={onClose}>
      {t('manifests.sandbox.createdBody')}
    </DismissibleAlert>
  );
}
