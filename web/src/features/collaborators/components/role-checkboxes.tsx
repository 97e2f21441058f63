import { Checkbox, Group } from '@mantine/core';
import { APP_ROLES, type AppRole } from '@portal/contracts/app-roles';
import { useTranslation } from 'react-i18next';

type Props = {
  role: AppRole;
  /** Who the row is, for the checkboxes' accessible names. */
  who: string;
  /** Admin/developer may change (spec developer-apps §5); the owner box is always fixed. */
  editable: boolean;
  busy?: boolean;
  onChange: (role: 'admin' | 'developer') => void;
};

/** One checkbox per role; checking admin or developer changes the collaborator's role. */
export function RoleCheckboxes({ role, who, editable, busy = false, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      {APP_ROLES.map((option) => (
        <Checkbox
          key={option}
          label={t(`collaborators.roles.${option}`)}
          aria-label={t('collaborators.table.roleCheckbox', {
            role: t(`collaborators.roles.${option}`),
            who,
          })}
          checked={role === option}
          disabled={option === 'owner' || !editable || busy}
          onChange={(event) => {
            if (option !== 'owner' && event.currentTarget.checked && option !== role) onChange(option);
          }}
        />
      ))}
    </Group>
  );
}
