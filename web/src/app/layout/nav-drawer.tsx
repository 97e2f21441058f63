import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow layout's navigation drawer (its own chunk: wide screens never need it). */
export function NavDrawer({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={title} size="xs">
      <Stack align="flex-start">{children}</Stack>
    </Drawer>
  );
}
