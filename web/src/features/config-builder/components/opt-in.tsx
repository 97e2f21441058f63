import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { OPT_IN_KEYS, useDeveloperAppsBeta, useStoredFlag } from '../opt-in.ts';

/** The opt-in modal: what the form-based experience is, and the choice. */
export function OptInModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const beta = useDeveloperAppsBeta();
  return (
    <Modal opened={opened} onClose={onClose} title={t('configBuilder.optIn.modalTitle')}>
      <Stack>
        <Text>{t('configBuilder.optIn.modalText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('configBuilder.optIn.notNow')}
          </Button>
          <Button
            loading={beta.saving}
            onClick={() => {
              beta.setOptIn(true);
              onClose();
            }}
          >
            {t('configBuilder.optIn.tryIt')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The classic page's opt-in banner (dismissible, remembered in local storage). */
export function OptInBanner() {
  const { t } = useTranslation();
  const beta = useDeveloperAppsBeta();
  const [dismissed, setDismissed] = useStoredFlag(OPT_IN_KEYS.bannerDismissed);
  const [opened, { open, close }] = useDisclosure(false);
  if (beta.optedIn || dismissed) return null;
  return (
    <>
      <DismissibleAlert
        color="blue"
        title={t('configBuilder.optIn.bannerTitle')}
        closeLabel={t('configBuilder.optIn.dismiss')}
        onClose={() => setDismissed(true)}
      >
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">{t('configBuilder.optIn.bannerText')}</Text>
          <Button size="xs" onClick={open}>
            {t('configBuilder.optIn.learnMore')}
          </Button>
        </Group>
      </DismissibleAlert>
      <OptInModal opened={opened} onClose={close} />
    </>
  );
}

/** The opt-in toggle (hidden when the beta is forced on this browser). */
export function OptInToggle() {
  const { t } = useTranslation();
  const beta = useDeveloperAppsBeta();
  if (beta.forced) return null;
  return (
    <Switch
      label={t('configBuilder.optIn.toggle')}
      checked={beta.optedIn}
      disabled={beta.saving}
      onChange={(event) => beta.setOptIn(event.currentTarget.checked)}
    />
  );
}
