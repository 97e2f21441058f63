import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { collaboratorsQuery } from '../api.ts';

/** The read-only collaborators list of the settings card: developer name, e-mail, role. */
export function CollaboratorsList({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const members = useQuery(collaboratorsQuery(appId));
  const notAvailable = t('collaborators.table.notAvailable');
  if (members.isPending) return <TextSkeleton lines={2} />;
  if (members.isError) return <Text c="red">{t('collaborators.errors.loading')}</Text>;
  return (
    <List aria-label={t('collaborators.title')} listStyleType="none" spacing="xs">
      {members.data.map((c) => (
        <List.Item key={c.id} style={{ overflowWrap: 'anywhere' }}>
          {c.developer.name ?? notAvailable} · {c.developer.email ?? notAvailable} ·{' '}
          {t(`collaborators.roles.${c.role}`)}
        </List.Item>
      ))}
    </List>
  );
}
