import { notifications } from '@mantine/notifications';
import { type AppSubmissions, type Attachment, listingErrors, type Submission } from '@portal/contracts';
import { listingProgress } from '@portal/contracts/marketplace-listing-fields';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api.ts';
import { useConfig } from '../../../../lib/config.ts';
import {
  type EditorMode,
  type ListingWrite,
  marketplaceKeys,
  removeListingMedia,
  saveSubmission,
  storeSubmission,
  transitionSubmission,
  uploadListingMedia,
} from '../../api.ts';
import {
  changedFields,
  type FormValues,
  fieldErrorsOf,
  type MediaKind,
  mediaErrorPath,
  ruleValues,
  saveBody,
  valuesOf,
  withoutErrors,
} from '../../listing-form.ts';
import { confirmRemoveMedia, confirmSubmit } from './confirm-dialogs.tsx';
import type { FieldKit } from './field-kit.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';

export type SaveError = { messages: string[] } | null;

type EditorInput = {
  appId: string;
  mode: EditorMode;
  data: AppSubmissions;
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
  defaultPublicName?: string | undefined;
  /**
   * The app permissions' `canEdit` (owner and app admins): whether the person may create the first
   * listing. Once a listing exists, the server's `can_edit` on it decides instead.
   */
  canEdit?: boolean | undefined;
};

/**
 * The listing editor's state and actions (docs/marketplace-web.md): the form's values against the
 * saved listing, the errors shown (the shared rules on every change, a 422's fields until edited),
 * upload progress, and save, submit, the review transitions and the media changes, each a request.
 */
export function useListingEditor({
  appId,
  mode,
  data,
  onDirtyChange,
  defaultPublicName,
  canEdit,
}: EditorInput) {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const admin = mode === 'admin';
  const submission = data.unpublished_app ?? data.published_app;

  // A first listing starts from the app's name; its first save sends every value it holds.
  const [base, setBase] = useState<FormValues>(() => valuesOf(submission, defaultPublicName));
  const [values, setValues] = useState<FormValues>(base);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [forReview, setForReview] = useState(false);
  const [saveError, setSaveError] = useState<SaveError>(null);
  const [notValid, setNotValid] = useState(false);
  const [jumpRequest, setJumpRequest] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<Partial<Record<MediaKind, number>>>({});
  const seen = useRef(`${submission?.id}:${submission?.version}`);

  // A newer saved listing (after a save or an upload): fields the person has not touched follow it.
  useEffect(() => {
    const key = `${submission?.id}:${submission?.version}`;
    if (key === seen.current) return;
    seen.current = key;
    const next = valuesOf(submission);
    setValues((current) => {
      const touched = new Set(changedFields(base, current, true));
      const merged = { ...next };
      for (const field of touched) (merged as Record<string, unknown>)[field] = current[field];
      return merged;
    });
    setBase(next);
  }, [submission, base]);

  const flags = { fedramp: config.fedramp, securityQuestionnaire: config.security_and_compliance_enabled };
  const rules = ruleValues(values, submission);
  const draftErrors = listingErrors(rules, { ...flags, forReview: false });
  const reviewErrors = listingErrors(rules, { ...flags, forReview: true });
  const errors = { ...serverErrors, ...(forReview ? reviewErrors : draftErrors) };
  const modified = changedFields(base, values, admin).length > 0;
  const state = submission?.state ?? 'draft';
  const permissions = submission?.permissions;
  // Staff always edit; a listing follows its `can_edit`; with none yet, the app permissions decide, as
  // the server's save does (requireEdit: `canEdit`). Unknown permissions mean read-only.
  const readOnly = admin ? false : submission ? !permissions?.can_edit : canEdit !== true;

  // Markers: the listing's fields that differ from the published listing.
  const published = useMemo(() => valuesOf(data.published_app), [data.published_app]);
  const changedVsPublished = useMemo(
    () => new Set<string>(admin && data.published_app ? changedFields(published, values, false) : []),
    [admin, data.published_app, published, values],
  );

  const set: FieldKit['set'] = (field, value, errorPath) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => withoutErrors(current, errorPath ?? field));
    setNotValid(false);
  };

  useEffect(() => onDirtyChange?.(modified), [modified, onDirtyChange]);
  useLeaveGuard(modified, Object.keys(progress).length > 0);

  const failed = (failure: unknown) => {
    if (failure instanceof ApiRequestError) {
      setServerErrors(fieldErrorsOf(failure.fields));
      const messages = failure.body.errors.length ? failure.body.errors : [failure.body.message];
      setSaveError({ messages });
    } else setSaveError({ messages: [t('marketplace.errors.update')] });
  };

  // The listing's writes (saves, uploads, removals, moves) go one at a time: each starts once the one
  // before has answered and is stored, so it goes to the listing as that one left it (the draft a first
  // upload created, for one). Two at once would meet the server's check that the listing did not change
  // under a save, and the second would be refused as a conflict (409) that nobody else caused.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const write: ListingWrite = (request) => {
    const turn = queue.current.then(async () => {
      const stored = client.getQueryData<AppSubmissions>(marketplaceKeys.submissions(mode, appId));
      const saved = await request(stored?.unpublished_app?.id ?? null);
      storeSubmission(client, mode, appId, saved);
      return saved;
    });
    queue.current = turn.catch(() => undefined);
    return turn;
  };

  const run = async (label: string, action: () => Promise<Submission>, done?: string) => {
    setBusy(label);
    setSaveError(null);
    try {
      const saved = await action();
      setServerErrors({});
      if (done) notifications.show({ color: 'green', message: done });
      return saved;
    } catch (failure) {
      failed(failure);
      return null;
    } finally {
      // Another action started meanwhile keeps its own label.
      setBusy((current) => (current === label ? null : current));
    }
  };

  const save = () => {
    // What the person sees when they click; a save waiting for an upload sends just that.
    const sent = values;
    const body = saveBody(submission ? base : valuesOf(null), sent, admin);
    return run(
      'save',
      async () => {
        const saved = await write((id) => saveSubmission(mode, appId, id, body));
        const next = valuesOf(saved);
        seen.current = `${saved.id}:${saved.version}`;
        setBase(next);
        // Fields changed after the click (while the save waited or ran) stay as typed.
        setValues((current) => {
          const merged = { ...next };
          for (const field of changedFields(sent, current, true))
            (merged as Record<string, unknown>)[field] = current[field];
          return merged;
        });
        return saved;
      },
      t('marketplace.saved'),
    );
  };

  const transition = (label: string, body: Record<string, unknown>, done: string) =>
    run(
      label,
      async () => {
        if (!submission) throw new Error('no listing');
        const { id: shown } = submission;
        return write((id) => transitionSubmission(mode, id ?? shown, body));
      },
      done,
    );

  const submit = () => {
    setForReview(true);
    if (Object.keys(reviewErrors).length > 0) {
      setNotValid(true);
      setJumpRequest((request) => request + 1);
      return;
    }
    confirmSubmit(t, () => void transition('submit', { state: 'in_review' }, t('marketplace.submit.done')));
  };

  // Media: each file or removal is saved at once, with progress (docs/decisions.md).
  const upload = async (kind: MediaKind, file: File) => {
    const onProgress = (fraction: number) => setProgress((current) => ({ ...current, [kind]: fraction }));
    onProgress(0);
    setServerErrors((current) => withoutErrors(current, mediaErrorPath(kind)));
    const saved = await run(`upload-${kind}`, async () => {
      try {
        return await uploadListingMedia(mode, appId, kind, file, onProgress, write);
      } finally {
        setProgress(({ [kind]: _, ...rest }) => rest);
      }
    });
    return saved !== null;
  };

  const remove = (kind: MediaKind, attachment: Attachment) =>
    confirmRemoveMedia(
      t,
      attachment,
      () =>
        void run(
          `remove-${kind}`,
          () => write((id) => removeListingMedia(mode, appId, id, kind, attachment)),
          t('marketplace.media.deleted'),
        ),
    );

  return {
    admin,
    submission,
    state,
    permissions,
    readOnly,
    kit: { appId, values, set, errors, readOnly, admin, changed: changedVsPublished } satisfies FieldKit,
    /** The sections complete for review ('N of M sections completed'). */
    completion: listingProgress(reviewErrors, flags),
    uploads: { progress, upload, remove },
    modified,
    busy,
    saveError,
    dismissSaveError: () => setSaveError(null),
    notValid,
    /** Counts the refused Submits: each opens the first failing tab at its first failing field. */
    jumpRequest,
    canSubmit: Boolean(
      !admin &&
        submission &&
        state === 'draft' &&
        permissions?.can_submit &&
        !modified &&
        Object.keys(draftErrors).length === 0,
    ),
    resubmit: Boolean(submission?.admin_message),
    save,
    submit,
    withdraw: () => transition('withdraw', { state: 'draft' }, t('marketplace.withdrawn')),
    approve: (silent: boolean) =>
      transition('approve', { approval_state: 'approved', silent }, t('marketplace.admin.approved')),
    reject: () =>
      transition(
        'reject',
        { approval_state: 'rejected', admin_message: values.admin_message },
        t('marketplace.admin.rejected'),
      ),
  };
}

export type ListingEditor = ReturnType<typeof useListingEditor>;
