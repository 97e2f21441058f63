import { notifications } from '@mantine/notifications';
import type { DeveloperApp, DeveloperAppPermissions, Manifest } from '@portal/contracts';
import {
  CONFIG_BUILDER_MESSAGES,
  type ComponentDraft,
  type ComponentType,
  type Configured,
  type ConfiguredInstruction,
  cleanInstruction,
  configuredSaveError,
  draftToComponent,
  instructionErrors,
  manifestToConfigured,
  migrateToSchema41,
  schema3HasAuthCode,
} from '@portal/contracts/configured-manifest';
import { type ManifestPermissions, manifestHeaderStatus } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsJoined } from '../../../../lib/api.ts';
import type { useCreateConfiguredVersion } from '../../api.ts';

export const EMPTY_PERMISSIONS: ManifestPermissions = { company: {}, project: {} };

export type InstructionField = 'notes' | 'label' | 'url';

export type ConfigurationsFormInput = {
  app: DeveloperApp;
  permissions: DeveloperAppPermissions;
  sandbox: Manifest | null;
  production: Manifest | null;
  create: ReturnType<typeof useCreateConfiguredVersion>;
  /** After a version is created: whether it has a data connection (user-level auth or permissions). */
  onCreated: (dataConnection: boolean) => void;
};

const permissionCountOf = (configured: Configured) =>
  Object.keys(configured.permissions?.company ?? {}).length +
  Object.keys(configured.permissions?.project ?? {}).length;

/**
 * The Configurations tab's state and actions: the form-based model read from the newest sandbox
 * version, its edits (components, data connector, instructions), which dialog is open, and saving a
 * new version or migrating a schema 3 one. Problems show once a field was left or a save was tried.
 */
export function useConfigurationsForm({
  permissions,
  sandbox,
  production,
  create,
  onCreated,
}: ConfigurationsFormInput) {
  const { t } = useTranslation();
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

  const mayCreate = permissions.canModifyManifests && permissions.canCreateSandboxManifests;
  const saveError = configuredSaveError(configured, { allowEmpty });
  const instructionProblems = instructionErrors(configured.post_installation_instruction);
  const showError = (failure: unknown) => setError(errorsJoined(failure, t('configBuilder.errors.save')));

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

  const setInstruction = (change: Partial<Record<InstructionField, string>>) =>
    edit((current) => {
      const before = current.post_installation_instruction ?? {};
      const merged: ConfiguredInstruction = {
        notes: change.notes ?? before.notes ?? '',
        page: { label: change.label ?? before.page?.label ?? '', url: change.url ?? before.page?.url ?? '' },
      };
      return { ...current, post_installation_instruction: merged };
    });

  const toggleAuth = (enabled: boolean) => {
    if (!enabled && permissionCountOf(configured) > 0) {
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

  const cleaned = (): Configured => {
    const result: Configured = { ...configured };
    const instructionValue = cleanInstruction(configured.post_installation_instruction);
    if (instructionValue) result.post_installation_instruction = instructionValue;
    else delete result.post_installation_instruction;
    return result;
  };

  const createVersion = (semanticVersion: string) => {
    const version = cleaned();
    create.mutate(
      { configured: version, semanticVersion, allowEmpty },
      {
        onSuccess: () => {
          setCreateOpen(false);
          notifications.show({ message: t('manifests.toasts.createdSandbox'), color: 'green' });
          onCreated(version.oauth?.enabled === true || permissionCountOf(version) > 0);
        },
        onError: showError,
      },
    );
  };

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
          showError(failure);
        },
      },
    );
  };

  return {
    configured,
    read,
    mayCreate,
    // A manifest the form cannot show stays read-only until it is migrated (nothing is overwritten).
    canEdit: read.ok && mayCreate,
    status: manifestHeaderStatus(sandbox, production),
    authLocked: Boolean(sandbox?.auth_code_locked),
    modalOpen: panel !== null || innerModal || permissionsOpen || confirmAuthOff || createOpen,
    saveError,
    formInvalid: saveError === CONFIG_BUILDER_MESSAGES.invalidForm,
    saveAttempted,
    permissionCount: permissionCountOf(configured),
    instructionProblems,
    showInstructionProblems: instructionTouched.any || saveAttempted,
    instructionError: (field: InstructionField) =>
      (instructionTouched[field] || saveAttempted) && instructionProblems[field],
    touchInstruction: (field: InstructionField) =>
      setInstructionTouched((touched) => ({ ...touched, [field]: true, any: true })),
    error,
    showError,
    dismissError: () => setError(null),
    dialogs: {
      panel,
      setPanel,
      setInnerModal,
      permissionsOpen,
      setPermissionsOpen,
      confirmAuthOff,
      setConfirmAuthOff,
      createOpen,
      setCreateOpen,
      notUpdated,
      setNotUpdated,
      viewing,
      setViewing,
      promoting,
      setPromoting,
    },
    edit,
    saveComponent,
    removeComponent: (type: ComponentType) =>
      edit((current) => {
        const next = { ...current };
        delete next[type];
        return next;
      }),
    savePermissions: (value: ManifestPermissions) => {
      edit((current) => ({ ...current, permissions: value }));
      setPermissionsOpen(false);
    },
    setInstruction,
    toggleAuth,
    removeAuth,
    trySave: () => {
      setSaveAttempted(true);
      if (saveError) return;
      setCreateOpen(true);
    },
    createVersion,
    migrate,
  };
}

export type ConfigurationsFormState = ReturnType<typeof useConfigurationsForm>;
