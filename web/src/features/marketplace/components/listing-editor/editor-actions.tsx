import { Anchor, Badge, Button, Checkbox, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingEditor } from './use-listing-editor.ts';

/** The buttons under the form: the developer's or staff's, and the unsaved marker. */
export function EditorActions({ editor }: { editor: ListingEditor }) {
  const { t } = useTranslation();
  return (
    <Group>
      {editor.admin ? <AdminActions editor={editor} /> : <DeveloperActions editor={editor} />}
      {editor.modified && (
        <Badge color="yellow" variant="light">
          {t('marketplace.unsaved')}
        </Badge>
      )}
    </Group>
  );
}

/** Save only when modified; Preview only when not; Approve and Reject only unmodified and in review. */
function AdminActions({ editor }: { editor: ListingEditor }) {
  const { t } = useTranslation();
  const [silent, setSilent] = useState(false);
  const { submission, modified, busy, state } = editor;
  return (
    <>
      <Button onClick={() => void editor.save()} disabled={!modified} loading={busy === 'save'}>
        {t('marketplace.admin.save')}
      </Button>
      <Button
        variant="default"
        component="a"
        href={submission ? `/marketplace/previews/${submission.id}` : undefined}
        target="_blank"
        disabled={modified || !submission}
      >
        {t('marketplace.admin.preview')}
      </Button>
      <Checkbox
        label={t('marketplace.admin.publishSilently')}
        checked={silent}
        onChange={(event) => setSilent(event.currentTarget.checked)}
      />
      <Button
        color="green"
        disabled={modified || state !== 'in_review'}
        loading={busy === 'approve'}
        onClick={() => void editor.approve(silent)}
      >
        {t('marketplace.admin.approve')}
      </Button>
      <Button
        color="red"
        variant="outline"
        disabled={modified || state !== 'in_review'}
        loading={busy === 'reject'}
        onClick={() => void editor.reject()}
      >
        {t('marketplace.admin.reject')}
      </Button>
    </>
  );
}

/** Save Draft; Withdraw from Review while in review, else Submit (or Resubmit); the preview link. */
function DeveloperActions({ editor }: { editor: ListingEditor }) {
  const { t } = useTranslation();
  const { submission, busy } = editor;
  return (
    <>
      <Button
        variant="default"
        onClick={() => void editor.save()}
        disabled={editor.readOnly || !editor.modified}
        loading={busy === 'save'}
      >
        {t('marketplace.saveDraft')}
      </Button>
      {editor.state === 'in_review' ? (
        <Button
          color="orange"
          disabled={!editor.permissions?.can_withdraw}
          loading={busy === 'withdraw'}
          onClick={() => void editor.withdraw()}
        >
          {t('marketplace.withdraw')}
        </Button>
      ) : (
        <Button onClick={editor.submit} disabled={!editor.canSubmit} loading={busy === 'submit'}>
          {editor.resubmit ? t('marketplace.resubmit') : t('marketplace.submitForReview')}
        </Button>
      )}
      {submission && (
        <Anchor href={`/marketplace/previews/${submission.id}`} target="_blank" size="sm">
          {t('marketplace.previewLink')}
        </Anchor>
      )}
    </>
  );
}
