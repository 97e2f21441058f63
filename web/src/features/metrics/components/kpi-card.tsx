import { Paper, Text } from '@mantine/core';

/** One headline number of the report, named by its label (a group, so it reads as one thing). */
export function KpiCard({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}
