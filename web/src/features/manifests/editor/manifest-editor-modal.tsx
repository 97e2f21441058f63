import { Alert, Loader, Modal } from '@mantine/core';
import type { JsonObject } from '@portal/contracts';
import { MANIFEST_MESSAGES } from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorsJoined } from '../../../lib/api.ts';
import { manifestTemplatesQuery } from '../api.ts';
import { formatDraft, highestTemplateKey } from './draft.ts';
import { EditorForm, type EditorFormProps } from './editor-form.tsx';

export type ManifestEditorModalProps = Omit<EditorFormProps, 'initialText'> & {
  opened: boolean;
  /** The draft to start from (usually the newest version's content); null: the default template. */
  initialContent: JsonObject | null;
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
