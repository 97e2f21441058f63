import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { JsonObject, Manifest } from '@portal/contracts';
import {
  hasServiceAccount,
  MANIFEST_MESSAGES,
  MANIFEST_SCHEMA_VERSIONS,
  type ManifestEnvironment,
  type ManifestSchemaVersion,
  mergeSnippet,
  readPermissions,
  SEMANTIC_VERSION_PATTERN,
  writePermissions,
} from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { ApiRequestError, errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { manifestTemplatesQuery, useCreateVersion } from '../api.ts';
import { draftSchemaVersion, formatDraft, highestTemplateKey } from './draft.ts';
import { JsonEditor } from './json-editor.tsx';
import { PermissionBuilderModal } from './permission-builder.tsx';
import { SnippetButtons } from './snippet-buttons.tsx';
import { useManifestValidation } from './use-manifest-validation.ts';
import { ViolationsBanner } from './violations-banner.tsx';

export type ManifestEditorModalProps = {
  opened: boolean;
  onClose: () => void;
  appId: string;
  /** Where the new version goes (the classic page creates sandbox versions). */
  environment: ManifestEnvironment;
  /** The draft to start from (usually the newest version's content); null: the default template. */
  initialContent: JsonObject | null;
  /** The semantic version input, shown when enabled and prefilled with the suggestion. */
  semanticVersion: { enabled: boolean; suggested: string };
  onCreated?: (manifest: Manifest) => void;
};

/**
 * The full-screen manifest editor (spec developer-apps §2, §4, §5): semantic version, snippet helpers,
 * permission builder, JSON editor and the validation banner. Create is enabled only once the server has
 * passed the current draft. Closing discards the draft; the next opening starts again (Cancel resets).
 */
export function ManifestEditorModal({ opened, onClose, ...props }: ManifestEditorModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      closeOnEscape={false}
      // The editor takes whatever height the controls above it leave.
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
      title={t('manifests.editor.title', { environment: t(`manifests.environments.${props.environment}`) })}
    >
      <EditorBody {...props} onClose={onClose} />
    </Modal>
  );
}

function EditorBody(props: Omit<ManifestEditorModalProps, 'opened'>) {
  const { t } = useTranslation();
  const templates = useQuery(manifestTemplatesQuery);
  if (props.initialContent) return <EditorForm {...props} initialText={formatDraft(props.initialContent)} />;
  if (templates.isError) {
    return (
      <Alert color="red" role="alert">
        {errorsJoined(templates.error, MANIFEST_MESSAGES.parseFailure)}
      </Alert>
    );
  }
  if (!templates.data) return <Loader aria-label={t('common.loading')} />;
  const initialText = formatDraft(templates.data[highestTemplateKey(templates.data)]);
  return <EditorForm {...props} initialText={initialText} />;
}

function EditorForm({
  appId,
  environment,
  semanticVersion,
  onCreated,
  onClose,
  initialText,
}: Omit<ManifestEditorModalProps, 'opened' | 'initialContent'> & { initialText: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const templates = useQuery(manifestTemplatesQuery).data;
  const [text, setText] = useState(initialText);
  const [version, setVersion] = useState(semanticVersion.suggested);
  const [versionError, setVersionError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [switchTo, setSwitchTo] = useState<ManifestSchemaVersion | null>(null);
  const [builderOpened, builder] = useDisclosure(false);
  const create = useCreateVersion(appId);
  const { parsed, state } = useManifestValidation(appId, environment, text);
  const schemaVersion = draftSchemaVersion(parsed);

  const versionProblem = !semanticVersion.enabled
    ? null
    : !version.trim()
      ? MANIFEST_MESSAGES.semanticVersionRequired
      : SEMANTIC_VERSION_PATTERN.test(version.trim())
        ? null
        : MANIFEST_MESSAGES.semanticVersionFormat;
  const isChecking = state.status === 'pending' || state.status === 'validating';
  const canBuildPermissions = state.status === 'passed' && hasServiceAccount(state.content);

  const replaceDraft = (content: JsonObject) => {
    setSaveError(null);
    setText(formatDraft(content));
  };
  const handleInsert = (snippet: JsonObject) =>
    replaceDraft(parsed.ok ? mergeSnippet(parsed.content, snippet) : snippet);
  const handleSchemaVersion = (next: ManifestSchemaVersion) => {
    if (next === schemaVersion || !templates) return;
    const isTemplate = Object.values(templates).some((template) => formatDraft(template) === text);
    if (isTemplate || text === initialText) replaceDraft(templates[next]);
    else setSwitchTo(next);
  };

  const handleCreate = () => {
    if (state.status !== 'passed' || versionProblem) return;
    setSaveError(null);
    create.mutate(
      {
        environment,
        content: state.content,
        semanticVersion: semanticVersion.enabled ? version.trim() : null,
      },
      {
        onSuccess: (manifest) => {
          notifications.show({ message: t(`manifests.toasts.created${environment}`), color: 'green' });
          onCreated?.(manifest);
          onClose();
        },
        onError: (error) => {
          const fieldError =
            error instanceof ApiRequestError ? error.fields['app_version.semantic_version']?.[0] : undefined;
          if (fieldError) setVersionError(fieldError);
          else setSaveError(errorsJoined(error, MANIFEST_MESSAGES.saveFailed));
        },
      },
    );
  };

  return (
    // Everything but the editor keeps its height; the editor grows into what is left (at least 240 px).
    <Stack style={{ flex: 1, minHeight: 0 }}>
      <Stack style={{ flexShrink: 0 }}>
        <Group align="flex-start" wrap="wrap">
          {semanticVersion.enabled && (
            <TextInput
              label={t('manifests.editor.semanticVersion')}
              description={t('manifests.editor.semanticVersionHint')}
              required
              value={version}
              onChange={(event) => {
                setVersion(event.currentTarget.value);
                setVersionError(null);
              }}
              error={versionError ?? versionProblem}
              w={220}
            />
          )}
          <Select
            label={t('manifests.editor.schemaVersion')}
            data={MANIFEST_SCHEMA_VERSIONS.map((value) => ({ value, label: value }))}
            value={schemaVersion}
            onChange={(value) => value && handleSchemaVersion(value as ManifestSchemaVersion)}
            allowDeselect={false}
            disabled={!templates}
            comboboxProps={{ withinPortal: false }}
            w={140}
          />
        </Group>
        {switchTo && (
          <Alert color="yellow" role="alert" title={t('manifests.editor.switchTitle', { version: switchTo })}>
            <Stack gap="xs">
              <Text size="sm">{t('manifests.editor.switchBody')}</Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  color="red"
                  onClick={() => {
                    if (templates) replaceDraft(templates[switchTo]);
                    setSwitchTo(null);
                  }}
                >
                  {t('manifests.editor.switchConfirm')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setSwitchTo(null)}>
                  {t('manifests.editor.switchCancel')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <SnippetButtons
            version={schemaVersion}
            hasExistingManifest={parsed.ok}
            onInsert={handleInsert}
            disabled={!parsed.ok && text.trim() !== ''}
            withSidepanel={!config.fedramp}
          />
          <Tooltip
            label={
              isChecking
                ? t('manifests.editor.permissionsWaiting')
                : state.status === 'passed'
                  ? t('manifests.editor.permissionsNeedServiceAccount')
                  : t('manifests.editor.permissionsFixErrors')
            }
            disabled={canBuildPermissions}
            withinPortal={false}
          >
            {/* A span, so the tooltip still shows over a disabled button. */}
            <span>
              <Button variant="default" size="xs" disabled={!canBuildPermissions} onClick={builder.open}>
                {t('manifests.editor.permissions')}
              </Button>
            </span>
          </Tooltip>
        </Group>
        <ViolationsBanner state={state} />
        {saveError && (
          <DismissibleAlert
            color="red"
            role="alert"
            title={t('manifests.violations.errorTitle')}
            onClose={() => setSaveError(null)}
          >
            {saveError}
          </DismissibleAlert>
        )}
      </Stack>
      <Box style={{ flex: '1 1 0', minHeight: 240 }}>
        <JsonEditor label={t('manifests.editor.json')} value={text} onChange={setText} height="100%" />
      </Box>
      <Group justify="space-between" style={{ flexShrink: 0 }}>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {isChecking
            ? t('manifests.editor.validating')
            : state.status === 'passed'
              ? t('manifests.editor.passed')
              : ''}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={handleCreate}
            loading={create.isPending}
            disabled={state.status !== 'passed' || Boolean(versionProblem)}
          >
            {t('manifests.editor.create')}
          </Button>
        </Group>
      </Group>
      <PermissionBuilderModal
        opened={builderOpened}
        permissions={state.status === 'passed' ? readPermissions(state.content) : null}
        onClose={builder.close}
        onSave={(permissions) => {
          builder.close();
          if (state.status === 'passed') replaceDraft(writePermissions(state.content, permissions));
        }}
      />
    </Stack>
  );
}
