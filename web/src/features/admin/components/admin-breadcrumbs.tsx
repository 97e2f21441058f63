import { useTranslation } from 'react-i18next';
import { type Crumb, Crumbs } from '../../../components/crumbs.tsx';

/** Admin > … > current: every crumb but the last is a link. */
export function AdminBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  return <Crumbs trail={[{ label: t('nav.admin'), to: '/admin' }, ...trail]} />;
}
