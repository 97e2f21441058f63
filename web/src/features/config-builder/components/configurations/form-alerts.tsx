import { Alert, Button, Stack, Text } from '@mantine/core';
import { CONFIG_BUILDER_MESSAGES } from '@portal/contracts/configured-manifest';
import { useTranslation } from 'react-i18next';
import { DismissibleAlert } from '../../../../components/dismissible-alert.tsx';
import { OPT_IN_KEYS, useStoredFlag } from '../../opt-in.ts';
import type { ConfigurationsFormState } from './use-configurations-form.ts';

/** The tab's introduction, dismissed for good (self-service-intro-dismissed). */
export function IntroAlert() {
  const { t } = useTranslation();
  const [introDismissed, setIntroDismissed] = useStoredFlag(OPT_IN_KEYS.introDismissed);
  if (introDismissed) return null;
  return (
    <DismissibleAlert
      color="blue"
      title={t('configBuilder.intro.title')}
      closeLabel={t('configBuilder.optIn.dismiss')}
      onClose={() => setIntroDismissed(true)}
    >
      {t('configBuilder.intro.text')}
    </DismissibleAlert>
  );
}

/** What stops a save: a version the form cannot show ('App Not Updated'), the form's problems, a failure. */
export function FormAlerts({ form, creating }: { form: ConfigurationsFormState; creating: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {!form.read.ok && (
        <Alert color="yellow" title={t('configBuilder.notUpdated.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('configBuilder.notUpdated.text')}</Text>
            {form.mayCreate && (
              <Button size="xs" loading={creating} onClick={form.migrate}>
                {t('configBuilder.notUpdated.migrate')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {form.formInvalid && (
        <Alert color="red" role="alert">
          {CONFIG_BUILDER_MESSAGES.invalidForm}
        </Alert>
      )}
      {form.saveAttempted && form.saveError === CONFIG_BUILDER_MESSAGES.atLeastOneComponent && (
        <Alert color="red" role="alert">
          {form.saveError}
        </Alert>
      )}
      {form.error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={form.dismissError}
          title={t('configBuilder.errors.title')}
        >
          {form.error}
        </Alert>
      )}
    </>
  );
}
