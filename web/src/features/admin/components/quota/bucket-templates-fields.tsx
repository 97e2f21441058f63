import { Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import {
  BUCKET_FILL_TYPES,
  BUCKET_TEMPLATE_NAMES,
  BUCKET_TEMPLATES_MAX,
  type BucketTemplateInput,
  EXTRA_BUCKET_TEMPLATE,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** A bucket's templates (spec admin §3): name, fill type, limit and interval per row; add and remove. */
export function BucketTemplatesFields({
  templates,
  onChange,
}: {
  templates: BucketTemplateInput[];
  onChange: (templates: BucketTemplateInput[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<BucketTemplateInput>) =>
    onChange(templates.map((template, i) => (i === index ? { ...template, ...patch } : template)));
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('quota.templates')}
      </Text>
      {templates.map((template, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own; order is their identity
        <Group key={index} align="flex-end" wrap="wrap" gap="xs">
          <Select
            label={t('quota.templateName', { n: index + 1 })}
            data={options(BUCKET_TEMPLATE_NAMES)}
            value={template.name}
            onChange={(value) => set(index, { name: value ?? 'main' })}
            allowDeselect={false}
            w={120}
          />
          <Select
            label={t('quota.fillType', { n: index + 1 })}
            data={options(BUCKET_FILL_TYPES)}
            value={template.fill_type}
            onChange={(value) => set(index, { fill_type: value ?? 'count' })}
            allowDeselect={false}
            w={120}
          />
          <NumberInput
            label={t('quota.limit', { n: index + 1 })}
            value={template.limit}
            onChange={(value) => set(index, { limit: Number(value) })}
            allowDecimal={false}
            w={140}
          />
          <NumberInput
            label={t('quota.interval', { n: index + 1 })}
            value={template.interval_ms}
            onChange={(value) => set(index, { interval_ms: Number(value) })}
            allowDecimal={false}
            w={170}
          />
          <Button
            variant="subtle"
            color="red"
            aria-label={t('quota.removeTemplate', { n: index + 1 })}
            onClick={() => onChange(templates.filter((_, i) => i !== index))}
          >
            {t('quota.remove')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          disabled={templates.length >= BUCKET_TEMPLATES_MAX}
          onClick={() => onChange([...templates, { ...EXTRA_BUCKET_TEMPLATE }])}
        >
          {t('quota.addTemplate')}
        </Button>
      </Group>
    </Stack>
  );
}
