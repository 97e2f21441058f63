import { Container, type MantineSize, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page of one narrow panel under the page's heading: the OAuth consent and code pages, an
 * invitation's accept page, and (`raised`, 440 px wide) the signed-out pages' card. With an `id`,
 * the panel is a section labelled by its heading.
 */
export function PanelPage({
  id,
  title,
  size = 'sm',
  raised = false,
  children,
}: {
  id?: string;
  title: ReactNode;
  size?: MantineSize | number;
  raised?: boolean;
  children: ReactNode;
}) {
  return (
    <Container size={size} py="xl">
      <Paper
        withBorder
        p="xl"
        {...(raised ? { shadow: 'sm', radius: 'md' } : {})}
        component={id ? 'section' : 'div'}
        aria-labelledby={id}
      >
        <Stack>
          <Title order={1} size="h2" id={id}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
