import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The component side panel and the permissions drawer are 804 px wide (spec developer-apps §2, §9). */
const PANEL_WIDTH = 804;

/** A right-hand drawer whose form is mounted only while open (each opening starts afresh). */
export function SidePanel({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={PANEL_WIDTH} title={title}>
      {opened && children}
    </Drawer>
  );
}
