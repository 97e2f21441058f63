import { TextInput } from '@mantine/core';
import { MANIFEST_MESSAGES, SEMANTIC_VERSION_PATTERN } from '@portal/contracts/manifest-rules';
import { useTranslation } from 'react-i18next';

/** Why the version given is not acceptable, or null (spec developer-apps §5: required, major.minor.patch). */
export function semanticVersionProblem(value: string): string | null {
  if (!value.trim()) return MANIFEST_MESSAGES.semanticVersionRequired;
  return SEMANTIC_VERSION_PATTERN.test(value.trim()) ? null : MANIFEST_MESSAGES.semanticVersionFormat;
}

/** The editor's semantic version input (spec developer-apps §2 "Manifest editor modal"), its error at the field. */
export function SemanticVersionField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('manifests.editor.semanticVersion')}
      description={t('manifests.editor.semanticVersionHint')}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      w={220}
    />
  );
}
