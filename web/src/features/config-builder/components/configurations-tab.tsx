import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeveloperApp, DeveloperAppPermissions, Manifest } from '@portal/contracts';
import {
  availableComponentTypes,
  COMPONENT_TYPES,
  CONFIG_BUILDER_MESSAGES,
  type ComponentDraft,
  type ComponentType,
  type Configured,
  type ConfiguredInstruction,
  cleanInstruction,
  componentToDraft,
  configuredSaveError,
  draftToComponent,
  instructionErrors,
  manifestToConfigured,
  migrateToSchema41,
  schema3HasAuthCode,
} from '@portal/contracts/configured-manifest';
import type { ManifestPermissions } from '@portal/contracts/manifest-rules';
import { manifestHeaderStatus, versionLabel } from '@portal/contracts/manifest-rules';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import {
  AppVersionKey,
  ManifestStatusBadge,
  newestManifestQuery,
  PromoteModal,
  ReviewActions,
  ViewManifestModal,
} from '../../manifests/index.ts';
import { useCreateConfiguredVersion } from '../api.ts';
import { OPT_IN_KEYS, useStoredFlag } from '../opt-in.ts';
import { CollapsibleCard } from './collapsible-card.tsx';
import { ComponentPanel } from './component-panel.tsx';
import { CreateVersionModal } from './create-version-modal.tsx';
import { PermissionsDrawer } from './permissions-drawer.tsx';

const EMPTY_PERMISSIONS: ManifestPermissions = { company: {}, project: {} };

type Props = { app: DeveloperApp; permissions: DeveloperAppPermissions };

/**
 * The Configurations tab: the form-based editor of the app's newest sandbox version. Loads once the
 * newest versions are known; a schema 3 version asks to migrate ('App Not Updated').
 */
export function ConfigurationsTab({ app, permissions }: Props) {
  const { t } = useTranslation();
  // 'Sandbox manifest created': the app's first sandbox version has a data connection.
  const [firstCreated, setFirstCreated] = useState(false);
  // Held here, not in the form: creating remounts the form on the new version, and the create
  // call's own callbacks (toast, banner) run only while the component that made it is mounted.
  const create = useCreateConfiguredVersion(app.id);
  const newestSandbox = useQuery(newestManifestQuery(app.id, 'Sandbox'));
  const newestProduction = useQuery(newestManifestQuery(app.id, 'Production'));
  if (!newestSandbox.isSuccess || !newestProduction.isSuccess) return <Text c="dimmed">…</Text>;
  const sandbox = newestSandbox.data.items[0] ?? null;
  const production = newestProduction.data.items[0] ?? null;
  // Remounted per version, so the form starts from the version just created or promoted.
  return (
    <Stack>
      {firstCreated && (
        <Alert
          color="green"
          title={t('manifests.sandbox.createdTitle')}
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={() => setFirstCreated(false)}
        >
          {t('manifests.sandbox.createdBody')}
        </Alert>
      )}
      <ConfigurationsForm
        key={sandbox?.id ?? 'draft'}
        app={app}
        permissions={permissions}
        sandbox={sandbox}
        production={production}
        create={create}
        onCreated={(dataConnection) => setFirstCreated(!sandbox && dataConnection)}
      />
    </Stack>
  );
}

function ConfigurationsForm({
  app,
  permissions,
  sandbox,
  production,
  create,
  onCreated,
}: Props & {
  sandbox: Manifest | null;
  production: Manifest | null;
  create: ReturnType<typeof useCreateConfiguredVersion>;
  /** After a version is created: whether it has a data connection (user-level auth or permissions). */
  onCreated: (dataConnection: boolean) => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const read = sandbox
    ? manifestToConfigured(sandbox.content, { authCodeCapable: sandbox.auth_code_capable })
    : ({ ok: true, configured: { permissions: EMPTY_PERMISSIONS, oauth: { enabled: false } } } as const);
  const [configured, setConfigured] = useState<Configured>(read.ok ? read.configured : {});
  // The allow-empty flag: set when data loads and when auth-code is toggled off; any edit clears it.
  const [allowEmpty, setAllowEmpty] = useState(Boolean(sandbox));
  const [notUpdated, setNotUpdated] = useState(!read.ok);
  const [panel, setPanel] = useState<{ editing: ComponentType | null } | null>(null);
  const [innerModal, setInnerModal] = useState(false);
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const [confirmAuthOff, setConfirmAuthOff] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [viewing, setViewing] = useState<Manifest | null>(null);
  const [promoting, setPromoting] = useState<Manifest | null>(null);
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [instructionTouched, setInstructionTouched] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);
  const [introDismissed, setIntroDismissed] = useStoredFlag(OPT_IN_KEYS.introDismissed);

  const mayCreate = permissions.canModifyManifests && permissions.canCreateSandboxManifests;
  // A manifest the form cannot show stays read-only until it is migrated (nothing is overwritten).
  const canEdit = read.ok && mayCreate;
  const status = manifestHeaderStatus(sandbox, production);
  const authLocked = Boolean(sandbox?.auth_code_locked);
  const modalOpen = panel !== null || innerModal || permissionsOpen || confirmAuthOff || createOpen;
  const saveError = configuredSaveError(configured, { allowEmpty });
  const formInvalid = saveError === CONFIG_BUILDER_MESSAGES.invalidForm;
  const instruction = configured.post_installation_instruction;
  const instructionProblems = instructionErrors(instruction);

  const edit = (change: (current: Configured) => Configured) => {
    setConfigured(change);
    setAllowEmpty(false);
    setError(null);
  };

  const saveComponent = (draft: ComponentDraft) => {
    const type = draft.type as ComponentType;
    edit((current) => {
      const next = { ...current, [type]: draftToComponent(draft) };
      if (panel?.editing && panel.editing !== type) delete next[panel.editing];
      return next;
    });
    setPanel(null);
  };

  const setInstruction = (change: Partial<{ notes: string; label: string; url: string }>) =>
    edit((current) => {
      const before = current.post_installation_instruction ?? {};
      const merged: ConfiguredInstruction = {
        notes: change.notes ?? before.notes ?? '',
        page: { label: change.label ?? before.page?.label ?? '', url: change.url ?? before.page?.url ?? '' },
      };
      return { ...current, post_installation_instruction: merged };
    });

  const toggleAuth = (enabled: boolean) => {
    const hasPermissions =
      Object.keys(configured.permissions?.company ?? {}).length +
        Object.keys(configured.permissions?.project ?? {}).length >
      0;
    if (!enabled && hasPermissions) {
      setConfirmAuthOff(true);
      return;
    }
    edit((current) => ({ ...current, oauth: { enabled } }));
    if (!enabled) setAllowEmpty(true);
  };

  const removeAuth = () => {
    setConfigured((current) => ({ ...current, oauth: { enabled: false }, permissions: EMPTY_PERMISSIONS }));
    setAllowEmpty(true);
    setConfirmAuthOff(false);
  };

  const trySave = () => {
    setSaveAttempted(true);
    if (saveError) return;
    setCreateOpen(true);
  };

  const submit = (semanticVersion: string, cleaned: Configured) =>
    create.mutate(
      { configured: cleaned, semanticVersion, allowEmpty },
      {
        onSuccess: () => {
          setCreateOpen(false);
          notifications.show({ message: t('manifests.toasts.createdSandbox'), color: 'green' });
          onCreated(
            cleaned.oauth?.enabled === true ||
              Object.keys(cleaned.permissions?.company ?? {}).length +
                Object.keys(cleaned.permissions?.project ?? {}).length >
                0,
          );
        },
        onError: (failure) => setError(errorsJoined(failure, t('configBuilder.errors.save'))),
      },
    );

  const migrate = () => {
    const migrated = sandbox ? migrateToSchema41(sandbox.content) : null;
    if (!migrated?.ok) {
      setError(migrated?.message ?? CONFIG_BUILDER_MESSAGES.notExpressible);
      setNotUpdated(false);
      return;
    }
    const next = manifestToConfigured(migrated.content, {
      authCodeCapable: schema3HasAuthCode(sandbox?.content),
    });
    if (!next.ok) return;
    // The migrated version is the loaded data in 4.1 form: allowed even when nothing carries over.
    create.mutate(
      { configured: next.configured, semanticVersion: '', allowEmpty: true },
      {
        onSuccess: () => {
          setNotUpdated(false);
          notifications.show({ message: t('manifests.toasts.createdSandbox'), color: 'green' });
        },
        onError: (failure) => {
          setNotUpdated(false);
          setError(errorsJoined(failure, t('configBuilder.errors.save')));
        },
      },
    );
  };

  const cleaned = (): Configured => {
    const result: Configured = { ...configured };
    const instructionValue = cleanInstruction(configured.post_installation_instruction);
    if (instructionValue) result.post_installation_instruction = instructionValue;
    else delete result.post_installation_instruction;
    return result;
  };

  const permissionCount =
    Object.keys(configured.permissions?.company ?? {}).length +
    Object.keys(configured.permissions?.project ?? {}).length;
  const fieldError = (field: 'notes' | 'label' | 'url') =>
    (instructionTouched[field] || saveAttempted) && instructionProblems[field];

  return (
    <Stack>
      {!introDismissed && (
        <Alert
          color="blue"
          title={t('configBuilder.intro.title')}
          withCloseButton
          closeButtonLabel={t('configBuilder.optIn.dismiss')}
          onClose={() => setIntroDismissed(true)}
        >
          {t('configBuilder.intro.text')}
        </Alert>
      )}

      <Paper withBorder p="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h3" data-testid="version-title">
              {sandbox
                ? t('configBuilder.header.version', { version: versionLabel(sandbox) })
                : t('configBuilder.header.draft')}
            </Title>
            <ManifestStatusBadge newestSandbox={sandbox} newestProduction={production} />
          </Stack>
          <Group gap="xs">
            {sandbox && (
              <Button variant="default" onClick={() => setViewing(sandbox)}>
                {t('configBuilder.header.viewManifest')}
              </Button>
            )}
            {sandbox && status.canPromote && permissions.canModifyManifests && (
              <Button variant="light" onClick={() => setPromoting(sandbox)}>
                {t('configBuilder.header.promote')}
              </Button>
            )}
            {production && (
              <ReviewActions
                appId={app.id}
                manifest={production}
                canModifyManifests={permissions.canModifyManifests}
                isPlatformAdmin={false}
                onError={(failure) => setError(errorsJoined(failure, t('configBuilder.errors.save')))}
              />
            )}
            {canEdit && (
              <Button onClick={trySave} disabled={formInvalid || modalOpen || create.isPending}>
                {sandbox ? t('configBuilder.header.saveVersion') : t('configBuilder.header.createVersion')}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>

      {!read.ok && (
        <Alert color="yellow" title={t('configBuilder.notUpdated.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('configBuilder.notUpdated.text')}</Text>
            {mayCreate && (
              <Button size="xs" loading={create.isPending} onClick={migrate}>
                {t('configBuilder.notUpdated.migrate')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {formInvalid && (
        <Alert color="red" role="alert">
          {CONFIG_BUILDER_MESSAGES.invalidForm}
        </Alert>
      )}
      {saveAttempted && saveError === CONFIG_BUILDER_MESSAGES.atLeastOneComponent && (
        <Alert color="red" role="alert">
          {saveError}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
          title={t('configBuilder.errors.title')}
        >
          {error}
        </Alert>
      )}

      {!config.fedramp && (
        <Paper withBorder p="md" component="section" aria-label={t('configBuilder.keys.title')}>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('configBuilder.keys.title')}
            </Title>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('configBuilder.keys.appVersionKey')}
              </Text>
              {sandbox ? (
                <AppVersionKey value={sandbox.app_version_key} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('configBuilder.keys.noVersion')}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('configBuilder.keys.sandboxUrl')}
              </Text>
              <Text size="sm">{app.sandbox?.url ?? '—'}</Text>
            </Group>
          </Stack>
        </Paper>
      )}

      <CollapsibleCard
        title={t('configBuilder.cards.embedded.title')}
        description={t('configBuilder.cards.embedded.description')}
        defaultOpen
      >
        {COMPONENT_TYPES.filter((type) => configured[type]).map((type) => {
          const component = configured[type]!;
          return (
            <Paper key={type} withBorder p="sm" data-testid={`component-${type}`}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge variant="light">{t(`configBuilder.types.${type}`)}</Badge>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {component.source_url}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('configBuilder.component.summary', {
                      views: component.views?.length ?? 0,
                      parameters: Object.keys(component.user_configuration?.schema.properties ?? {}).length,
                    })}
                  </Text>
                </Stack>
                {canEdit && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('configBuilder.component.edit', {
                        type: t(`configBuilder.types.${type}`),
                      })}
                      onClick={() => setPanel({ editing: type })}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('configBuilder.component.remove', {
                        type: t(`configBuilder.types.${type}`),
                      })}
                      onClick={() =>
                        edit((current) => {
                          const next = { ...current };
                          delete next[type];
                          return next;
                        })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          );
        })}
        {canEdit && (
          <Group>
            <Button
              variant="light"
              disabled={availableComponentTypes(configured, { fedramp: config.fedramp }).length === 0}
              onClick={() => setPanel({ editing: null })}
            >
              {t('configBuilder.component.add')}
            </Button>
          </Group>
        )}
      </CollapsibleCard>

      <CollapsibleCard
        title={t('configBuilder.cards.dataConnector.title')}
        description={t('configBuilder.cards.dataConnector.description')}
        defaultOpen={false}
      >
        <Checkbox
          label={t('configBuilder.dataConnector.userLevelAuth')}
          description={
            authLocked
              ? t('configBuilder.dataConnector.locked')
              : t('configBuilder.dataConnector.userLevelAuthHint')
          }
          checked={configured.oauth?.enabled === true}
          disabled={!canEdit || (authLocked && configured.oauth?.enabled === true)}
          onChange={(event) => toggleAuth(event.currentTarget.checked)}
        />
        <Group justify="space-between">
          <Stack gap={2}>
            <Text fw={500} size="sm">
              {t('configBuilder.dataConnector.serviceAccount')}
            </Text>
            <Text size="sm" c="dimmed" data-testid="permissions-summary">
              {permissionCount
                ? (['company', 'project'] as const)
                    .flatMap((scope) =>
                      Object.entries(configured.permissions?.[scope] ?? {}).map(
                        ([tool, level]) => `${t(`configBuilder.scopes.${scope}`)}: ${tool} (${level})`,
                      ),
                    )
                    .join(', ')
                : t('configBuilder.dataConnector.noPermissions')}
            </Text>
          </Stack>
          {canEdit && (
            <Button variant="light" onClick={() => setPermissionsOpen(true)}>
              {t('configBuilder.dataConnector.editPermissions')}
            </Button>
          )}
        </Group>
      </CollapsibleCard>

      <CollapsibleCard
        title={t('configBuilder.cards.instructions.title')}
        description={t('configBuilder.cards.instructions.description')}
        defaultOpen={false}
      >
        {instructionProblems.form && (instructionTouched.any || saveAttempted) && (
          <Alert color="red" role="alert">
            {instructionProblems.form}
          </Alert>
        )}
        <TextInput
          label={t('configBuilder.instructions.url')}
          value={instruction?.page?.url ?? ''}
          disabled={!canEdit}
          onChange={(event) => setInstruction({ url: event.currentTarget.value })}
          onBlur={() => setInstructionTouched((touched) => ({ ...touched, url: true, any: true }))}
          error={fieldError('url')}
        />
        <TextInput
          label={t('configBuilder.instructions.label')}
          value={instruction?.page?.label ?? ''}
          disabled={!canEdit}
          onChange={(event) => setInstruction({ label: event.currentTarget.value })}
          onBlur={() => setInstructionTouched((touched) => ({ ...touched, label: true, any: true }))}
          error={fieldError('label')}
        />
        <Textarea
          label={t('configBuilder.instructions.notes')}
          value={instruction?.notes ?? ''}
          disabled={!canEdit}
          autosize
          minRows={3}
          onChange={(event) => setInstruction({ notes: event.currentTarget.value })}
          onBlur={() => setInstructionTouched((touched) => ({ ...touched, notes: true, any: true }))}
          error={fieldError('notes')}
        />
      </CollapsibleCard>

      <ComponentPanel
        opened={panel !== null}
        initial={
          panel?.editing && configured[panel.editing]
            ? componentToDraft(panel.editing, configured[panel.editing]!)
            : null
        }
        types={availableComponentTypes(configured, {
          fedramp: config.fedramp,
          editing: panel?.editing ?? null,
        })}
        onClose={() => setPanel(null)}
        onSave={saveComponent}
        onModalChange={setInnerModal}
      />

      <PermissionsDrawer
        opened={permissionsOpen}
        initial={configured.permissions ?? EMPTY_PERMISSIONS}
        onClose={() => setPermissionsOpen(false)}
        onSave={(value) => {
          edit((current) => ({ ...current, permissions: value }));
          setPermissionsOpen(false);
        }}
      />

      <Modal
        opened={confirmAuthOff}
        onClose={() => setConfirmAuthOff(false)}
        title={t('configBuilder.dataConnector.confirmTitle')}
      >
        <Stack>
          <Text>{t('configBuilder.dataConnector.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmAuthOff(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={removeAuth}>
              {t('configBuilder.dataConnector.confirmContinue')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <CreateVersionModal
        opened={createOpen}
        semanticVersions={config.semantic_versions && permissions.canSetSemanticVersions}
        pending={create.isPending}
        error={create.error ? errorsJoined(create.error, t('configBuilder.errors.save')) : null}
        onClose={() => setCreateOpen(false)}
        onCreate={(semanticVersion) => submit(semanticVersion, cleaned())}
      />

      <Modal
        opened={notUpdated}
        onClose={() => setNotUpdated(false)}
        title={t('configBuilder.notUpdated.title')}
      >
        <Stack>
          <Text>{t('configBuilder.notUpdated.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNotUpdated(false)}>
              {t('common.cancel')}
            </Button>
            {mayCreate && (
              <Button loading={create.isPending} onClick={migrate}>
                {t('configBuilder.notUpdated.migrate')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <ViewManifestModal manifest={viewing} onClose={() => setViewing(null)} />
      <PromoteModal
        appId={app.id}
        manifest={promoting}
        requireReleaseNotes={config.semantic_versions}
        onClose={() => setPromoting(null)}
        onPromoted={() => setPromoting(null)}
      />
    </Stack>
  );
}
