import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tab's placeholder instead of its content: a heading, and what to say or do, centred. */
export function TabPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
