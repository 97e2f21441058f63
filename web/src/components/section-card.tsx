import { Paper, Stack, Title } from '@mantine/core';
import type { DeveloperApp, DeveloperAppPermissions } from '@portal/contracts';
import type { ReactNode } from 'react';

/** What the app pages and each of their cards are given: the app and what the person may do with it. */
export type AppPageProps = { app: DeveloperApp; permissions: DeveloperAppPermissions };

/** One card of the app pages: a labelled section with its heading. */
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
