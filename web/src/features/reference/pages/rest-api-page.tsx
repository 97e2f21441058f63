import { Anchor, Code, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config.ts';

export function RestApiPage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <Container size="md" py="md">
      <Stack>
        <Title order={1}>{t('reference.title')}</Title>
        <Text>{t('reference.intro', { platform: config.platform_name })}</Text>
        <Title order={2} size="h3">
          {t('reference.baseUrl')}
        </Title>
        <Code block>{config.dev_api_base_url}</Code>
        <Title order={2} size="h3">
          {t('reference.auth')}
        </Title>
        <Text>{t('reference.authBody')}</Text>
        <Title order={2} size="h3">
          {t('reference.versions')}
        </Title>
        <Text>{t('reference.versionsBody')}</Text>
        <Title order={2} size="h3">
          {t('reference.limits')}
        </Title>
        <Text>{t('reference.limitsBody')}</Text>
        <Title order={2} size="h3">
          {t('reference.portalApi')}
        </Title>
        <Text>
          {t('reference.portalApiBody')}{' '}
          <Anchor href="/api/v1/openapi.json" target="_blank" rel="noopener">
            /api/v1/openapi.json
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
