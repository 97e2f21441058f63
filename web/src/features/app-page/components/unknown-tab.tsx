import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TabPlaceholder } from './tab-placeholder.tsx';

/** What the tabbed app page shows for a `?tab=` it does not have (spec developer-apps §2: "Any other tab shows a placeholder"). */
export function UnknownTab({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <TabPlaceholder title={t('configBuilder.unknownTab.title')}>
      <Text c="dimmed" ta="center">
        {t('configBuilder.unknownTab.text')}
      </Text>
      <Button variant="light" onClick={onBack}>
        {t('configBuilder.unknownTab.back')}
      </Button>
    </TabPlaceholder>
  );
}
