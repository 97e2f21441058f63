import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Manifest } from '@portal/contracts';
import { type ReviewAction, reviewActions, versionLabel } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { type ReviewChange, useReviewChange } from '../api.ts';

const CHANGE: Record<ReviewAction, Omit<ReviewChange, 'id' | 'notes'>> = {
  submit: { by: 'developer', state: 'in_review' },
  withdraw: { by: 'developer', state: 'confidential' },
  approve: { by: 'admin', state: 'published' },
  reject: { by: 'admin', state: 'confidential' },
};

/**
 * A production version's review buttons (spec developer-apps §4): Submit for Review (with notes) when
 * submittable, Withdraw when in review; platform admins Approve or Reject (with notes) a version in review.
 * A refused change (409) goes to `onError`, the section's banner.
 */
export function ReviewActions({
  appId,
  manifest,
  canModifyManifests,
  isPlatformAdmin,
  onError,
}: {
  appId: string;
  manifest: Manifest;
  canModifyManifests: boolean;
  isPlatformAdmin: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const change = useReviewChange(appId);
  const [asking, setAsking] = useState<ReviewAction | null>(null);
  const [notes, setNotes] = useState('');
  const actions = reviewActions(manifest, { canModifyManifests, isPlatformAdmin });

  const run = (action: ReviewAction, withNotes: string | null) =>
    change.mutate({ id: manifest.id, ...CHANGE[action], notes: withNotes } as ReviewChange, {
      onSuccess: () => {
        setAsking(null);
        setNotes('');
        notifications.show({ message: t(`manifests.review.done.${action}`), color: 'green' });
      },
      onError: (error) => {
        setAsking(null);
        onError(error);
      },
    });

  if (!actions.length) return null;
  const version = versionLabel(manifest);
  return (
    <Group gap="xs" wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action}
          size="xs"
          variant={action === 'withdraw' ? 'default' : action === 'reject' ? 'outline' : 'filled'}
          color={action === 'reject' ? 'red' : action === 'approve' ? 'green' : undefined}
          loading={change.isPending && change.variables?.state === CHANGE[action].state && !asking}
          onClick={() => (action === 'withdraw' ? run(action, null) : setAsking(action))}
        >
          {t(`manifests.review.action.${action}`)}
        </Button>
      ))}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`manifests.review.title.${asking}`, { version }) : ''}
      >
        {asking && (
          <Stack>
            <Textarea
              label={
                asking === 'submit' ? t('manifests.review.developerNotes') : t('manifests.review.adminNotes')
              }
              value={notes}
              onChange={(event) => setNotes(event.currentTarget.value)}
              styles={{ input: { height: 96 } }}
            />
            <DialogActions onCancel={() => setAsking(null)}>
              <Button
                color={asking === 'reject' ? 'red' : asking === 'approve' ? 'green' : undefined}
                loading={change.isPending}
                onClick={() => run(asking, notes.trim() || null)}
              >
                {t(`manifests.review.action.${asking}`)}
              </Button>
            </DialogActions>
          </Stack>
        )}
      </Modal>
    </Group>
  );
}
