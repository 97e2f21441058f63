import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useLocalStorage } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type AppSubmissions,
  type Attachment,
  LISTING_MESSAGES,
  listingErrors,
  type Submission,
} from '@portal/contracts';
import { LISTING_DOCUMENT_MAX_BYTES } from '@portal/contracts/limits';
import {
  LISTING_TABS,
  type ListingTabKey,
  listingProgress,
  tabsWithErrors,
} from '@portal/contracts/marketplace-listing-fields';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { DropzoneField } from '../../../components/dropzone-field.tsx';
import { ApiRequestError, api } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { type EditorMode, marketplaceKeys, saveSubmission, submissionsQuery, uploadVideo } from '../api.ts';
import {
  changedFields,
  type FormValues,
  fieldErrorsOf,
  ruleValues,
  saveBody,
  valuesOf,
  withoutErrors,
} from '../listing-form.ts';
import { type FieldKit, FieldKitContext } from './field-kit.tsx';
import {
  AppInformationFields,
  ContactFields,
  FeaturesFields,
  LinksFields,
  PricingFields,
  ProductToolsFields,
  RequirementsFields,
  SecurityFields,
  SupportFields,
} from './listing-fields.tsx';
import { MediaFields, type MediaKind } from './media-fields.tsx';

export type MarketplaceListingEditorProps = {
  appId: string;
  mode: EditorMode;
  /** Admin: whether the app's marketplace is on, and a way to switch it (shown when given). */
  marketplaceEnabled?: boolean;
  onMarketplaceEnabledChange?: (enabled: boolean) => void;
  /** The level of the tab and review headings: 3 inside a card titled h2 (default), 2 right under an h1. */
  headingOrder?: 2 | 3;
  /**
   * Told whether the form has unsaved changes, so a host with tabs (the admin app page) can ask
   * 'You have unsaved changes, are you sure you wish to continue?' before leaving the tab. Leaving the
   * page is already guarded by the editor itself.
   */
  onDirtyChange?: (dirty: boolean) => void;
};

export const UNSAVED_CHANGES = 'You have unsaved changes, are you sure you wish to continue?';

/**
 * The marketplace listing editor (developer spec §2, §4, §5; admin spec §2, §4): the developer's
 * form on the classic app page, and with `mode="admin"` the Marketplace Listing tab of the admin
 * app page (review status, admin message, concierge options, approve and reject, markers).
 */
export function MarketplaceListingEditor(props: MarketplaceListingEditorProps) {
  const { t } = useTranslation();
  const query = useQuery(submissionsQuery(props.mode, props.appId));
  if (query.isError)
    return (
      <Alert color="red" role="alert" title={t('marketplace.errors.title')}>
        {t('marketplace.errors.loading')}
      </Alert>
    );
  if (!query.data)
    return (
      <Text c="dimmed" aria-busy="true">
        {t('marketplace.loading')}
      </Text>
    );
  return <EditorForm {...props} data={query.data} />;
}

type SaveError = { messages: string[] } | null;

function EditorForm({
  appId,
  mode,
  data,
  marketplaceEnabled,
  onMarketplaceEnabledChange,
  headingOrder = 3,
  onDirtyChange,
}: MarketplaceListingEditorProps & { data: AppSubmissions }) {
  const { t } = useTranslation();
  const config = useConfig();
  const client = useQueryClient();
  const admin = mode === 'admin';
  const submission = data.unpublished_app ?? data.published_app;
  const unpublishedId = data.unpublished_app?.id ?? null;

  const [base, setBase] = useState<FormValues>(() => valuesOf(submission));
  const [values, setValues] = useState<FormValues>(base);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [forReview, setForReview] = useState(false);
  const [saveError, setSaveError] = useState<SaveError>(null);
  const [notValid, setNotValid] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<Partial<Record<MediaKind, number>>>({});
  const [tab, setTab] = useState<ListingTabKey>('app_information');
  const [silent, setSilent] = useState(false);
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

  const flags = { fedramp: config.fedramp, securityQuestionnaire: config.security_questionnaire };
  const rules = ruleValues(values, submission);
  const draftErrors = listingErrors(rules, { ...flags, forReview: false });
  const reviewErrors = listingErrors(rules, { ...flags, forReview: true });
  const errors = { ...serverErrors, ...(forReview ? reviewErrors : draftErrors) };
  const changed = changedFields(base, values, admin);
  const modified = changed.length > 0;
  const state = submission?.state ?? 'draft';
  const permissions = submission?.permissions;
  const readOnly = admin ? false : submission ? !permissions?.can_edit : false;
  const progressInfo = listingProgress(reviewErrors, flags);
  const progressText = t('marketplace.progress', {
    completed: progressInfo.completed,
    total: progressInfo.total,
  });
  const tabs = LISTING_TABS.filter((tab) => tab.key !== 'security' || config.security_questionnaire);
  const failingTabs = tabsWithErrors(errors);

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

  // Leaving with unsaved data asks first (in the app, and when closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => modified && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('marketplace.unsavedChanges'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  useEffect(() => {
    if (!modified && Object.keys(progress).length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [modified, progress]);

  const stored = (saved: Submission) => {
    client.setQueryData<AppSubmissions>(marketplaceKeys.submissions(mode, appId), (current) =>
      saved.state === 'published'
        ? { published_app: saved, unpublished_app: null }
        : { published_app: current?.published_app ?? null, unpublished_app: saved },
    );
    void client.invalidateQueries({ queryKey: marketplaceKeys.all });
  };

  const failed = (failure: unknown) => {
    if (failure instanceof ApiRequestError) {
      setServerErrors(fieldErrorsOf(failure.fields));
      const messages = failure.body.errors.length ? failure.body.errors : [failure.body.message];
      setSaveError({ messages });
    } else setSaveError({ messages: [t('marketplace.errors.update')] });
  };

  const run = async (label: string, action: () => Promise<Submission>, done?: string) => {
    setBusy(label);
    setSaveError(null);
    try {
      const saved = await action();
      stored(saved);
      setServerErrors({});
      if (done) notifications.show({ color: 'green', message: done });
      return saved;
    } catch (failure) {
      failed(failure);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    run(
      'save',
      async () => {
        const saved = await saveSubmission(mode, appId, unpublishedId, saveBody(base, values, admin));
        const next = valuesOf(saved);
        seen.current = `${saved.id}:${saved.version}`;
        setBase(next);
        setValues(next);
        return saved;
      },
      t('marketplace.saved'),
    );

  const transition = (label: string, body: Record<string, unknown>, done: string) =>
    run(
      label,
      () => {
        if (!submission) throw new Error('no listing');
        const id = unpublishedId ?? submission.id;
        return api<Submission>(`${admin ? '/admin' : ''}/submissions/${id}`, { method: 'PATCH', body });
      },
      done,
    );

  const submit = () => {
    setForReview(true);
    if (Object.keys(reviewErrors).length > 0) {
      setNotValid(true);
      return;
    }
    modals.openConfirmModal({
      title: t('marketplace.submit.confirmTitle'),
      children: <Text size="sm">{t('marketplace.submit.confirmBody')}</Text>,
      labels: { confirm: t('marketplace.submit.confirm'), cancel: t('common.cancel') },
      onConfirm: () => void transition('submit', { state: 'in_review' }, t('marketplace.submit.done')),
    });
  };

  // Media: each file or removal is saved at once, with progress (docs/decisions.md).
  const upload = async (kind: MediaKind, file: File) => {
    const onProgress = (fraction: number) => setProgress((current) => ({ ...current, [kind]: fraction }));
    onProgress(0);
    setServerErrors((current) =>
      withoutErrors(
        current,
        kind === 'logo' ? 'small_logo' : kind === 'showcase_video' || kind === 'document' ? kind : `${kind}s`,
      ),
    );
    await run(`upload-${kind}`, async () => {
      try {
        if (kind === 'showcase_video' || kind === 'video') {
          const video = await uploadVideo(appId, file, onProgress);
          const attributes = { external_url: video.url, name: video.name };
          return await saveSubmission(
            mode,
            appId,
            unpublishedId,
            kind === 'showcase_video'
              ? { showcase_video_attributes: attributes }
              : { videos_attributes: [attributes] },
          );
        }
        const form = new FormData();
        if (kind === 'logo') form.set('submission[small_logo]', file);
        else if (kind === 'document')
          form.set('submission[security_questionnaire_document_attributes][file]', file);
        else {
          form.set('submission[pictures_attributes][0][file]', file);
          form.set('submission[pictures_attributes][0][name]', file.name);
        }
        return await saveSubmission(mode, appId, unpublishedId, form, onProgress);
      } finally {
        setProgress(({ [kind]: _, ...rest }) => rest);
      }
    });
  };

  const remove = (kind: MediaKind, attachment: Attachment) =>
    modals.openConfirmModal({
      title: t('marketplace.media.deleteTitle'),
      children: (
        <Text size="sm">
          {t('marketplace.media.deleteBody', { name: attachment.original_filename ?? attachment.name ?? '' })}
        </Text>
      ),
      labels: { confirm: t('marketplace.media.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void run(
          `remove-${kind}`,
          () =>
            saveSubmission(
              mode,
              appId,
              unpublishedId,
              kind === 'logo' ? { remove_small_logo: true } : { remove_media_ids: [attachment.id] },
            ),
          t('marketplace.media.deleted'),
        ),
    });

  const kit: FieldKit = { appId, values, set, errors, readOnly, admin, changed: changedVsPublished };
  const canSubmit = Boolean(
    !admin &&
      submission &&
      state === 'draft' &&
      permissions?.can_submit &&
      !modified &&
      Object.keys(draftErrors).length === 0,
  );
  const resubmit = Boolean(submission?.admin_message);

  return (
    <FieldKitContext.Provider value={kit}>
      <Stack gap="md">
        {!admin && <IntroBanner />}
        {admin && onMarketplaceEnabledChange && (
          <Switch
            label={t('marketplace.admin.enabled')}
            checked={marketplaceEnabled ?? false}
            onChange={(event) => onMarketplaceEnabledChange(event.currentTarget.checked)}
          />
        )}
        <StateBanner submission={submission} admin={admin} />
        {saveError && (
          <Alert
            color="red"
            role="alert"
            title={t('marketplace.errors.saveTitle')}
            withCloseButton
            closeButtonLabel={t('common.dismiss')}
            onClose={() => setSaveError(null)}
          >
            <Text size="sm">{t('marketplace.errors.followingErrors')}</Text>
            <List size="sm">
              {saveError.messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {notValid && (
          <Alert color="red" role="alert" title={t('marketplace.errors.title')}>
            {t('errors.notValid', { defaultValue: LISTING_MESSAGES.notValid })}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm">{progressText}</Text>
          <Progress value={progressInfo.percent} aria-label={progressText} />
        </Stack>

        <Tabs value={tab} onChange={(next) => next && setTab(next as ListingTabKey)} keepMounted={false}>
          <Tabs.List>
            {tabs.map((item) => (
              <Tabs.Tab
                key={item.key}
                value={item.key}
                rightSection={
                  failingTabs.has(item.key) ? (
                    <IconAlertCircle
                      size={16}
                      color="var(--mantine-color-red-filled)"
                      aria-label={t('marketplace.tabHasErrors')}
                      role="img"
                    />
                  ) : null
                }
              >
                {t(`marketplace.tabs.${item.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((item) => (
            <Tabs.Panel key={item.key} value={item.key} pt="md">
              <Stack gap="xs" mb="md">
                <Title order={headingOrder} size="h4">
                  {t(`marketplace.tabs.${item.key}`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`marketplace.tabDescriptions.${item.key}`)}
                </Text>
              </Stack>
              {item.key === 'app_information' && <AppInformationFields />}
              {item.key === 'media' && (
                <MediaFields submission={submission} media={{ progress, upload, remove }} />
              )}
              {item.key === 'pricing' && <PricingFields />}
              {item.key === 'support' && <SupportFields />}
              {item.key === 'features' && <FeaturesFields />}
              {item.key === 'contact' && <ContactFields />}
              {item.key === 'security' && <SecurityFields />}
              {item.key === 'links' && <LinksFields />}
              {item.key === 'product_tools' && <ProductToolsFields />}
              {item.key === 'requirements' && <RequirementsFields />}
            </Tabs.Panel>
          ))}
        </Tabs>

        {admin && (
          <AdminReviewFields
            values={values}
            set={set}
            headingOrder={headingOrder}
            submission={submission}
            document={
              <DropzoneField
                label={t('marketplace.admin.document')}
                hint={t('marketplace.admin.documentHint')}
                accept={['application/pdf']}
                acceptLabel="PDF"
                maxBytes={LISTING_DOCUMENT_MAX_BYTES}
                previewUrl={null}
                previewAlt={t('marketplace.admin.document')}
                progress={progress.document ?? null}
                error={errors.document?.join(' ') ?? null}
                removeLabel={t('marketplace.media.remove')}
                onFile={(file) => void upload('document', file)}
                onRemove={() => undefined}
              />
            }
            onRemoveDocument={(document) => remove('document', document)}
          />
        )}

        <Group>
          {admin ? (
            <>
              <Button onClick={() => void save()} disabled={!modified} loading={busy === 'save'}>
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
                onClick={() =>
                  void transition(
                    'approve',
                    { approval_state: 'approved', silent },
                    t('marketplace.admin.approved'),
                  )
                }
              >
                {t('marketplace.admin.approve')}
              </Button>
              <Button
                color="red"
                variant="outline"
                disabled={modified || state !== 'in_review'}
                loading={busy === 'reject'}
                onClick={() =>
                  void transition(
                    'reject',
                    { approval_state: 'rejected', admin_message: values.admin_message },
                    t('marketplace.admin.rejected'),
                  )
                }
              >
                {t('marketplace.admin.reject')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="default"
                onClick={() => void save()}
                disabled={readOnly || !modified}
                loading={busy === 'save'}
              >
                {t('marketplace.saveDraft')}
              </Button>
              {state === 'in_review' ? (
                <Button
                  color="orange"
                  disabled={!permissions?.can_withdraw}
                  loading={busy === 'withdraw'}
                  onClick={() => void transition('withdraw', { state: 'draft' }, t('marketplace.withdrawn'))}
                >
                  {t('marketplace.withdraw')}
                </Button>
              ) : (
                <Button onClick={submit} disabled={!canSubmit} loading={busy === 'submit'}>
                  {resubmit ? t('marketplace.resubmit') : t('marketplace.submitForReview')}
                </Button>
              )}
              {submission && (
                <Anchor href={`/marketplace/previews/${submission.id}`} target="_blank" size="sm">
                  {t('marketplace.previewLink')}
                </Anchor>
              )}
            </>
          )}
          {modified && (
            <Badge color="yellow" variant="light">
              {t('marketplace.unsaved')}
            </Badge>
          )}
        </Group>
      </Stack>
    </FieldKitContext.Provider>
  );
}

/** The dismissible intro, remembered in local storage. */
function IntroBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useLocalStorage({
    key: 'marketplace.introDismissed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (dismissed) return null;
  return (
    <Alert
      color="blue"
      role="note"
      title={t('marketplace.intro.title')}
      withCloseButton
      closeButtonLabel={t('common.dismiss')}
      onClose={() => setDismissed(true)}
    >
      {t('marketplace.intro.body')}
    </Alert>
  );
}

/** The listing's state (spec §4): In Review, Rejected with the reviewer's notes, Approved, Published. */
function StateBanner({ submission, admin }: { submission: Submission | null; admin: boolean }) {
  const { t } = useTranslation();
  if (!submission) return null;
  const message = submission.admin_message ? (
    // The reviewer's message is HTML sanitized by the server (admin-message.ts) before it is stored.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side
    <div dangerouslySetInnerHTML={{ __html: submission.admin_message }} />
  ) : null;
  if (submission.state === 'in_review')
    return (
      <Alert color="blue" title={t('marketplace.state.in_review')} role="status">
        {admin ? t('marketplace.state.inReviewAdmin') : t('marketplace.state.inReviewNotice')}
      </Alert>
    );
  if (submission.state === 'published')
    return (
      <Alert
        color="green"
        title={
          submission.approval_state === 'approved'
            ? `${t('marketplace.state.published')} · ${t('marketplace.admin.approval.approved')}`
            : t('marketplace.state.published')
        }
        role="status"
      >
        {t('marketplace.state.publishedBody')}
        {submission.slug && (
          <>
            {' '}
            <Anchor href={`/marketplace/apps/${submission.slug}`}>{t('marketplace.state.viewPublic')}</Anchor>
          </>
        )}
        {message}
      </Alert>
    );
  if (submission.approval_state === 'rejected')
    return (
      <Alert color="red" title={t('marketplace.state.rejected')} role="status">
        <Text size="sm">{t('marketplace.state.rejectedBody')}</Text>
        {message}
      </Alert>
    );
  return (
    <Alert color="gray" title={t('marketplace.state.draft')} role="status">
      {t('marketplace.state.draftBody')}
    </Alert>
  );
}

/** Admin: review status, the message to the developer (debounced 200 ms), concierge options, notes. */
function AdminReviewFields({
  values,
  set,
  headingOrder,
  submission,
  document,
  onRemoveDocument,
}: {
  values: FormValues;
  set: FieldKit['set'];
  headingOrder: 2 | 3;
  submission: Submission | null;
  document: React.ReactNode;
  onRemoveDocument: (document: Attachment) => void;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(values.admin_message ?? '');
  const push = useDebouncedCallback((next: string) => set('admin_message', next || null), 200);
  useEffect(() => setMessage(values.admin_message ?? ''), [values.admin_message]);
  const flag = (
    field: 'is_concierge_app' | 'beta' | 'security_badge' | 'made_by_procore' | 'procore_certified_partner',
  ) => (
    <Checkbox
      key={field}
      label={t(`marketplace.admin.${field}`)}
      checked={values[field]}
      onChange={(event) => set(field, event.currentTarget.checked)}
    />
  );
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={headingOrder} size="h4">
          {t('marketplace.admin.review')}
        </Title>
        {submission && (
          <Group gap="xs">
            <Text size="sm">{t('marketplace.admin.reviewStatus')}</Text>
            <Badge variant="light">{t(`marketplace.state.${submission.state}`)}</Badge>
            <Badge
              variant="light"
              color={
                submission.approval_state === 'approved'
                  ? 'green'
                  : submission.approval_state === 'rejected'
                    ? 'red'
                    : 'gray'
              }
            >
              {t(`marketplace.admin.approval.${submission.approval_state}`)}
            </Badge>
          </Group>
        )}
        <Textarea
          label={t('marketplace.admin.message')}
          description={t('marketplace.admin.messageHint')}
          rows={3}
          value={message}
          onChange={(event) => {
            setMessage(event.currentTarget.value);
            push(event.currentTarget.value);
          }}
        />
        <Group>
          {flag('is_concierge_app')}
          {flag('beta')}
          {flag('security_badge')}
          {flag('made_by_procore')}
          {flag('procore_certified_partner')}
        </Group>
        {submission?.security_questionnaire_document ? (
          <Group>
            <Anchor href={submission.security_questionnaire_document.url} target="_blank">
              {submission.security_questionnaire_document.original_filename ??
                t('marketplace.admin.document')}
            </Anchor>
            <Button
              variant="default"
              size="xs"
              onClick={() => onRemoveDocument(submission.security_questionnaire_document!)}
            >
              {t('marketplace.admin.removeDocument')}
            </Button>
          </Group>
        ) : (
          submission && document
        )}
        <Textarea
          label={t('marketplace.admin.notes')}
          rows={2}
          value={values.notes ?? ''}
          onChange={(event) => set('notes', event.currentTarget.value || null)}
        />
      </Stack>
    </Paper>
  );
}
