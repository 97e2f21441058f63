import { Progress, Stack, Text } from '@mantine/core';
import { progressTabs } from '@portal/contracts/marketplace-listing-fields';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../lib/config.ts';
import { listOf, visibleListingTabs } from './listing-tab-list.ts';

/**
 * 'N of M sections completed' (spec developer-apps §2) with its bar, which tabs it counts and which are optional,
 * and what the asterisks mean.
 */
export function Completion({
  completed,
  total,
  percent,
}: {
  completed: number;
  total: number;
  percent: number;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const text = t('marketplace.progress', { completed, total });
  const counted = progressTabs({ securityQuestionnaire: config.security_and_compliance_enabled });
  const name = (key: string) => t(`marketplace.tabs.${key}`);
  const optional = visibleListingTabs(config.security_and_compliance_enabled).filter(
    (key) => !counted.includes(key),
  );
  return (
    <Stack gap={4}>
      <Text size="sm">{text}</Text>
      <Progress value={percent} aria-label={text} />
      <Text size="xs" c="dimmed">
        {t('marketplace.progressCounts', {
          counted: listOf(counted.map(name)),
          optional: listOf(optional.map(name)),
        })}{' '}
        {t('marketplace.requiredLegend')}
      </Text>
    </Stack>
  );
}
