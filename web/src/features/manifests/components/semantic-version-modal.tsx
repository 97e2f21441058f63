import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { MANIFEST_MESSAGES, SEMANTIC_VERSION_PATTERN } from '@portal/contracts/manifest-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ApiRequestError } from '../../../lib/api.ts';

/**
 * Why the version given is not acceptable here, or null (spec developer-apps §5: required,
 * major.minor.patch).
 */
function versionProblem(value: string): string | null {
  if (!value.trim()) return MANIFEST_MESSAGES.semanticVersionRequired;
  return SEMANTIC_VERSION_PATTERN.test(value.trim()) ? null : MANIFEST_MESSAGES.semanticVersionFormat;
}

/**
 * What a refused save says (spec developer-apps §8 "Semantic version failure"): the first message of the
 * server's details (its field errors, then its errors list), else its message, else 'Something went wrong
 * when saving the new version.'
 */
export function semanticVersionFailure(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return MANIFEST_MESSAGES.saveFailed;
  const detail = Object.values(error.fields).flat()[0] ?? error.body.errors[0];
  return detail || error.body.message || MANIFEST_MESSAGES.saveFailed;
}

/**
 * The semantic-version modal (spec developer-apps §2, Configurations and Versions tabs): asks for the new
 * version's semantic version, prefilled with the suggestion, and hands it to `onSubmit` (which saves the
 * version). A refusal is shown in the modal; success closes it.
 */
export function SemanticVersionModal({
  opened,
  suggested,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  suggested: string;
  onClose: () => void;
  onSubmit: (semanticVersion: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('manifests.semanticVersionModal.title')}>
      {/* Mounted on each opening, so it starts from the suggestion every time. */}
      <SemanticVersionForm suggested={suggested} onClose={onClose} onSubmit={onSubmit} />
    </Modal>
  );
}

function SemanticVersionForm({
  suggested,
  onClose,
  onSubmit,
}: {
  suggested: string;
  onClose: () => void;
  onSubmit: (semanticVersion: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(suggested);
  const [isTouched, setIsTouched] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = versionProblem(value);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (problem) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await onSubmit(value.trim());
      onClose();
    } catch (error) {
      setFailure(semanticVersionFailure(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
        <TextInput
          label={t('manifests.editor.semanticVersion')}
          description={t('manifests.semanticVersionModal.hint')}
          required
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setIsTouched(true);
            setFailure(null);
          }}
          error={isTouched ? problem : null}
          data-autofocus
        />
        {failure && (
          <Alert color="red" role="alert" title={t('manifests.violations.errorTitle')}>
            {failure}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button type="submit" loading={isSaving}>
            {t('manifests.semanticVersionModal.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
