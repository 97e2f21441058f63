import { type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import type { DeveloperApp, DeveloperAppPermissions } from '@portal/contracts';
import type { ReactNode } from 'react';

/** What the app pages and each of their cards are given: the app and what the person may do with it. */
export type AppPageProps = { app: DeveloperApp; permissions: DeveloperAppPermissions };

/**
 * One card of a page: a section labelled by its heading (`id`). The app pages' cards are roomy; the
 * admin app page's side cards are `compact` (less padding, a smaller heading).
 */
export function SectionCard({
  id,
  title,
  compact = false,
  gap,
  children,
}: {
  id: string;
  title: string;
  compact?: boolean;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={compact ? 'md' : 'lg'} component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        <Title order={2} size={compact ? 'h4' : 'h3'} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
