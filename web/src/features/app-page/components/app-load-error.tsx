import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The app pages' answer when the app (or what the page needs with it) could not be loaded. */
export function AppLoadError() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Alert color="red" title={t('apps.errors.title')} role="alert">
        {t('apps.errors.loadingDeveloperApp')}
      </Alert>
    </Container>
  );
}
