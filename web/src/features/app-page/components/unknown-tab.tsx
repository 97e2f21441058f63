import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the tabbed app page shows for a `?tab=` it does not have (spec developer-apps §2: "Any other tab shows a placeholder"). */
export function UnknownTab({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs">
        <Title order={2} size="h3">
          {t('configBuilder.unknownTab.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('configBuilder.unknownTab.text')}
        </Text>
        <Button variant="light" onClick={onBack}>
          {t('configBuilder.unknownTab.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
