import { RESOURCE_GROUPS, type ResourceGroup } from '@portal/contracts/changelog';
import { useTranslation } from 'react-i18next';

/** The route's group, `rest` when the URL names none we know. */
export const groupOf = (value: string | undefined): ResourceGroup =>
  (RESOURCE_GROUPS as readonly string[]).includes(value ?? '') ? (value as ResourceGroup) : 'rest';

export function useGroupTitle(group: ResourceGroup): string {
  const { t } = useTranslation();
  return group === 'rest' ? t('reference.restGroup') : t('reference.portalGroup');
}
