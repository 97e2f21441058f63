import { Alert, Paper, Stack, Title } from '@mantine/core';
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

/** A card's failed request: a red, dismissible banner. */
export function ErrorBanner({
  title,
  message,
  onClose,
  children,
}: {
  title: string;
  message: string | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <Alert color="red" title={title} role="alert" withCloseButton onClose={onClose}>
      {message}
      {children}
    </Alert>
  );
}
