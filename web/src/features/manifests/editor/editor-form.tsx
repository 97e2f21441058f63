import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { JsonObject, Manifest } from '@portal/contracts';
import { MANIFEST_GUIDE_PATH } from '@portal/contracts/changelog';
import {
  MANIFEST_MESSAGES,
  type ManifestEnvironment,
  mergeSnippet,
  readPermissions,
  writePermissions,
} from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { ApiRequestError, errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { manifestTemplatesQuery, useCreateVersion } from '../api.ts';
import { formatDraft } from './draft.ts';
import { JsonEditor } from './json-editor.tsx';
import { PermissionBuilderModal } from './permission-builder.tsx';
import { PermissionsButton } from './permissions-button.tsx';
import {
  SchemaSwitchAlert,
  SchemaVersionSelect,
  useSchemaSwitch,
  useSchemaVersion,
} from './schema-version.tsx';
import { SemanticVersionField, semanticVersionProblem } from './semantic-version-field.tsx';
import { SnippetButtons } from './snippet-buttons.tsx';
import { useManifestValidation } from './use-manifest-validation.ts';
import { ViolationsBanner } from './violations-banner.tsx';

export type EditorFormProps = {
  onClose: () => void;
  appId: string;
  /** Where the new version goes (the classic page creates sandbox versions). */
  environment: ManifestEnvironment;
  /** The semantic version input, shown when enabled and prefilled with the suggestion. */
  semanticVersion: { enabled: boolean; suggested: string };
  onCreated?: (manifest: Manifest) => void;
  /** The draft the editor opens with. */
  initialText: string;
};

/**
 * The editor's form: the draft's text and the server's verdict on it, the semantic version, the
 * schema version switch, snippets, the permission builder, and Create.
 */
export function EditorForm({
  appId,
  environment,
  semanticVersion,
  onCreated,
  onClose,
  initialText,
}: EditorFormProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const templates = useQuery(manifestTemplatesQuery).data;
  const [text, setText] = useState(initialText);
  const [version, setVersion] = useState(semanticVersion.suggested);
  const [versionError, setVersionError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [builderOpened, builder] = useDisclosure(false);
  const create = useCreateVersion(appId);
  const { parsed, state } = useManifestValidation(appId, environment, text);
  const schemaVersion = useSchemaVersion(parsed);

  const versionProblem = semanticVersion.enabled ? semanticVersionProblem(version) : null;
  const isChecking = state.status === 'pending' || state.status === 'validating';

  const replaceDraft = (content: JsonObject) => {
    setSaveError(null);
    setText(formatDraft(content));
  };
  const handleInsert = (snippet: JsonObject) =>
    replaceDraft(parsed.ok ? mergeSnippet(parsed.content, snippet) : snippet);
  const schemaSwitch = useSchemaSwitch({
    current: schemaVersion,
    templates,
    text,
    initialText,
    replace: replaceDraft,
  });

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
        <Anchor href={MANIFEST_GUIDE_PATH} target="_blank" rel="noopener" size="sm">
          {t('reference.manifestGuide')}
        </Anchor>
        <Group align="flex-start" wrap="wrap">
          {semanticVersion.enabled && (
            <SemanticVersionField
              value={version}
              error={versionError ?? versionProblem}
              onChange={(next) => {
                setVersion(next);
                setVersionError(null);
              }}
            />
          )}
          <SchemaVersionSelect value={schemaVersion} disabled={!templates} onChange={schemaSwitch.request} />
        </Group>
        <SchemaSwitchAlert change={schemaSwitch} />
        <Group justify="space-between" wrap="wrap">
          <SnippetButtons
            version={schemaVersion}
            hasExistingManifest={parsed.ok}
            onInsert={handleInsert}
            disabled={!parsed.ok && text.trim() !== ''}
            withSidepanel={!config.fedramp}
          />
          <PermissionsButton state={state} onOpen={builder.open} />
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
