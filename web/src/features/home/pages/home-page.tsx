import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REST_API_PATH } from '../../../app/layout/paths.ts';
import { useConfig } from '../../../lib/config.ts';

export function HomePage() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('home.title', { platform: config.platform_name })}</Title>
        <Text size="lg">{t('home.body')}</Text>
        <Group>
          {config.user ? (
            <Button component={Link} to="/developer_apps">
              {t('home.myApps')}
            </Button>
          ) : (
            <>
              <Button component={Link} to="/sign_up">
                {t('home.signUp')}
              </Button>
              <Button component={Link} to="/login" variant="light">
                {t('home.signIn')}
              </Button>
            </>
          )}
          <Button component={Link} to={REST_API_PATH} variant="subtle">
            {t('home.reference')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
