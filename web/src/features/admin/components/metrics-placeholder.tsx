import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Metrics tab until the engagement report exists. */
export function MetricsPlaceholder() {
  const { t } = useTranslation();
  return <Text>{t('adminApp.noMetrics')}</Text>;
}
