import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Manifest } from '@portal/contracts';
import { MANIFEST_MESSAGES, versionLabel } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { ApiRequestError, errorsJoined } from '../../../lib/api.ts';
import { usePromote } from '../api.ts';

/**
 * Promotes a sandbox version to production with its release notes (required when semantic versions
 * are on, spec developer-apps §5). `manifest` null keeps it closed. `staff` promotes through the
 * staff call (spec admin §7), where release notes are optional.
 */
type PromoteProps<M extends Manifest | null> = {
  appId: string;
  manifest: M;
  requireReleaseNotes: boolean;
  staff?: boolean;
  onClose: () => void;
  onPromoted?: ((manifest: Manifest) => void) | undefined;
};

export function PromoteModal(props: PromoteProps<Manifest | null>) {
  const { t } = useTranslation();
  const { manifest, onClose } = props;
  return (
    <Modal
      opened={manifest !== null}
      onClose={onClose}
      title={manifest ? t('manifests.promote.title', { version: versionLabel(manifest) }) : ''}
    >
      {manifest && <PromoteForm {...props} manifest={manifest} />}
    </Modal>
  );
}

function PromoteForm({
  appId,
  manifest,
  requireReleaseNotes,
  staff = false,
  onClose,
  onPromoted,
}: PromoteProps<Manifest>) {
  const { t } = useTranslation();
  const promote = usePromote(appId, staff);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (requireReleaseNotes && !notes.trim()) return setNotesError(MANIFEST_MESSAGES.releaseNotesRequired);
    setError(null);
    promote.mutate(
      { sourceId: manifest.id, changelog: notes.trim() || null },
      {
        onSuccess: (promoted) => {
          notifications.show({ message: t('manifests.toasts.createdProduction'), color: 'green' });
          onPromoted?.(promoted);
          onClose();
        },
        onError: (failure) => {
          const field =
            failure instanceof ApiRequestError
              ? failure.fields['app_version_promotion.changelog']?.[0]
              : undefined;
          if (field) setNotesError(field);
          else setError(errorsJoined(failure, t('manifests.errors.generic')));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Text size="sm">{t('manifests.promote.body')}</Text>
        <Textarea
          label={t('manifests.promote.releaseNotes')}
          description={t('manifests.promote.releaseNotesHint')}
          required={requireReleaseNotes}
          value={notes}
          onChange={(event) => {
            setNotes(event.currentTarget.value);
            setNotesError(null);
          }}
          error={notesError}
          styles={{ input: { height: 96 } }}
        />
        {error && (
          <DismissibleAlert
            color="red"
            role="alert"
            title={t('manifests.errors.title')}
            onClose={() => setError(null)}
          >
            {error}
          </DismissibleAlert>
        )}
        <DialogActions onCancel={onClose}>
          <Button type="submit" loading={promote.isPending}>
            {t('manifests.promote.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
