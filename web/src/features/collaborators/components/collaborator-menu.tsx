import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type MenuAction = 'cancel' | 'remove' | 'transfer';

/** The row menu; shows only the actions the rules allow for this row (spec developer-apps §6). */
export function CollaboratorMenu({
  who,
  actions,
  onSelect,
}: {
  who: string;
  actions: MenuAction[];
  onSelect: (action: MenuAction) => void;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('collaborators.menu.label', { who })}>
          <span aria-hidden="true">⋯</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.includes('cancel') && (
          <Menu.Item onClick={() => onSelect('cancel')}>{t('collaborators.menu.cancel')}</Menu.Item>
        )}
        {actions.includes('remove') && (
          <Menu.Item color="red" onClick={() => onSelect('remove')}>
            {t('collaborators.menu.remove')}
          </Menu.Item>
        )}
        {actions.includes('transfer') && (
          <Menu.Item onClick={() => onSelect('transfer')}>{t('collaborators.menu.transfer')}</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
