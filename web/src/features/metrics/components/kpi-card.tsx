import { Paper, Text } from '@mantine/core';

/**
 * One headline number of the report, named by its label (a group, so it reads as one thing), with
 * what the number counts when that is not obvious.
 */
export function KpiCard({
  label,
  value,
  description,
}: {
  label: string;
  value: number;
  description?: string;
}) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
      {description && (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      )}
    </Paper>
  );
}
