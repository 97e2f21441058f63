import { Alert, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CollapsibleCard } from '../collapsible-card.tsx';
import type { ConfigurationsFormState } from './use-configurations-form.ts';

/** Post-installation instructions: a page (URL and label) and notes, checked once left or on save. */
export function InstructionsCard({ form }: { form: ConfigurationsFormState }) {
  const { t } = useTranslation();
  const instruction = form.configured.post_installation_instruction;
  const disabled = !form.canEdit;
  return (
    <CollapsibleCard
      title={t('configBuilder.cards.instructions.title')}
      description={t('configBuilder.cards.instructions.description')}
      defaultOpen={false}
    >
      {form.instructionProblems.form && form.showInstructionProblems && (
        <Alert color="red" role="alert">
          {form.instructionProblems.form}
        </Alert>
      )}
      {(['url', 'label'] as const).map((part) => (
        <TextInput
          key={part}
          label={t(`configBuilder.instructions.${part}`)}
          value={instruction?.page?.[part] ?? ''}
          disabled={disabled}
          onChange={(event) => form.setInstruction({ [part]: event.currentTarget.value })}
          onBlur={() => form.touchInstruction(part)}
          error={form.instructionError(part)}
        />
      ))}
      <Textarea
        label={t('configBuilder.instructions.notes')}
        value={instruction?.notes ?? ''}
        disabled={disabled}
        autosize
        minRows={3}
        onChange={(event) => form.setInstruction({ notes: event.currentTarget.value })}
        onBlur={() => form.touchInstruction('notes')}
        error={form.instructionError('notes')}
      />
    </CollapsibleCard>
  );
}
