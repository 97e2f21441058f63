import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the manage-app page: a labelled section with its heading. */
export function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
