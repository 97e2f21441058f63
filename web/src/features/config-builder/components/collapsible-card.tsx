import { Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

/** A collapsible card with a title and a description. */
export function CollapsibleCard({
  title,
  description,
  defaultOpen,
  children,
}: {
  title: string;
  description: string;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = `card-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <UnstyledButton
        w="100%"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={`${id}-body`}
      >
        <Group wrap="nowrap" align="flex-start">
          {open ? <IconChevronDown size={20} aria-hidden /> : <IconChevronRight size={20} aria-hidden />}
          <Stack gap={2}>
            <Title order={3} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={`${id}-body`}>
        <Stack pt="md">{children}</Stack>
      </Collapse>
    </Paper>
  );
}
