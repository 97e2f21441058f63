import { Button, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Manifest } from '@portal/contracts';
import { COPIED_CONFIRMATION_MS, COPY_TOAST_MS } from '@portal/contracts/limits';
import { MANIFEST_MESSAGES, versionLabel } from '@portal/contracts/manifest-rules';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies text; the button reads 'copied' for 1500 ms and a toast confirms for 2 s
 * (spec developer-apps §4, §9).
 */
export function CopyJsonButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const reset = useTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      notifications.show({ message: t('manifests.view.copyFailed'), color: 'red' });
      return;
    }
    setCopied(true);
    reset.clear();
    reset.start();
    notifications.show({
      message: t('manifests.view.copiedToast'),
      color: 'green',
      autoClose: COPY_TOAST_MS,
    });
  };
  return (
    <Button
      variant="light"
      size="xs"
      color={copied ? 'green' : undefined}
      leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
      onClick={() => void handleCopy()}
    >
      {copied ? t('manifests.view.copied') : t('manifests.view.copy')}
    </Button>
  );
}

/** The text of a manifest, or null when it cannot be shown ('An error occured parsing your manifest'). */
function manifestText(manifest: Manifest): string | null {
  try {
    return JSON.stringify(manifest.content, null, 2);
  } catch {
    return null;
  }
}

/** A version's manifest as read-only JSON with a Copy button. */
export function ViewManifestModal({ manifest, onClose }: { manifest: Manifest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const text = manifest ? manifestText(manifest) : null;
  return (
    <Modal
      opened={manifest !== null}
      onClose={onClose}
      size="xl"
      title={manifest ? t('manifests.view.title', { version: versionLabel(manifest) }) : ''}
    >
      {manifest && (
        <Stack>
          {text === null ? (
            <Text c="red" role="alert">
              {MANIFEST_MESSAGES.parseFailure}
            </Text>
          ) : (
            <>
              <Group justify="flex-end">
                <CopyJsonButton text={text} />
              </Group>
              <ScrollArea.Autosize mah="65vh">
                <Code block aria-label={t('manifests.view.json')}>
                  {text}
                </Code>
              </ScrollArea.Autosize>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
