import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { JsonObject, ManifestTemplates } from '@portal/contracts';
import { MANIFEST_SCHEMA_VERSIONS, type ManifestSchemaVersion } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftSchemaVersion, formatDraft, type ParsedDraft } from './draft.ts';

/**
 * The schema version the draft is written in. While the text does not parse (mid-edit) it keeps the
 * last version it could read, so the select and the snippets do not jump to the default, 3.
 */
export function useSchemaVersion(parsed: ParsedDraft): ManifestSchemaVersion {
  const [known, setKnown] = useState(() => draftSchemaVersion(parsed));
  const current = parsed.ok ? draftSchemaVersion(parsed) : known;
  // Remembered during render (React's "storing information from previous renders").
  if (current !== known) setKnown(current);
  return current;
}

/**
 * Switching the schema version: an untouched draft (a template, or the text the editor opened with)
 * is replaced at once; anything else asks first (`pending`, answered by `confirm` or `cancel`).
 */
export function useSchemaSwitch(input: {
  current: ManifestSchemaVersion;
  templates: ManifestTemplates | undefined;
  text: string;
  initialText: string;
  replace: (content: JsonObject) => void;
}) {
  const [pending, setPending] = useState<ManifestSchemaVersion | null>(null);
  const { templates, text } = input;
  return {
    pending,
    request(next: ManifestSchemaVersion) {
      if (next === input.current || !templates) return;
      const isTemplate = Object.values(templates).some((template) => formatDraft(template) === text);
      if (isTemplate || text === input.initialText) input.replace(templates[next]);
      else setPending(next);
    },
    confirm() {
      if (templates && pending) input.replace(templates[pending]);
      setPending(null);
    },
    cancel: () => setPending(null),
  };
}

export type SchemaSwitch = ReturnType<typeof useSchemaSwitch>;

/** The schema version select (3 or 4.1). */
export function SchemaVersionSelect({
  value,
  disabled,
  onChange,
}: {
  value: ManifestSchemaVersion;
  disabled: boolean;
  onChange: (next: ManifestSchemaVersion) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('manifests.editor.schemaVersion')}
      data={MANIFEST_SCHEMA_VERSIONS.map((version) => ({ value: version, label: version }))}
      value={value}
      onChange={(next) => next && onChange(next as ManifestSchemaVersion)}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: false }}
      w={140}
    />
  );
}

/** "Switch to version N?": replacing an edited draft with the other version's template asks first. */
export function SchemaSwitchAlert({ change }: { change: SchemaSwitch }) {
  const { t } = useTranslation();
  if (!change.pending) return null;
  return (
    <Alert color="yellow" role="alert" title={t('manifests.editor.switchTitle', { version: change.pending })}>
      <Stack gap="xs">
        <Text size="sm">{t('manifests.editor.switchBody')}</Text>
        <Group gap="xs">
          <Button size="xs" color="red" onClick={change.confirm}>
            {t('manifests.editor.switchConfirm')}
          </Button>
          <Button size="xs" variant="default" onClick={change.cancel}>
            {t('manifests.editor.switchCancel')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
