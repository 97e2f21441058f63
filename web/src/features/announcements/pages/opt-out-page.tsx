import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTokenLink } from '../../../components/use-token-link.ts';
import { useCriticalOptOut } from '../api.ts';

/** The one-click link in critical e-mails: opening it turns critical e-mails off. */
export function OptOutPage() {
  const { t } = useTranslation();
  const optOut = useCriticalOptOut();
  const token = useTokenLink(optOut.mutate);

  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="lg">
        <Stack>
          <Title order={1} size="h2">
            {t('announcements.optOutTitle')}
          </Title>
          {!token ? (
            <Alert color="red" role="alert">
              {t('announcements.optOutMissing')}
            </Alert>
          ) : optOut.isSuccess ? (
            <Stack gap="xs" role="status">
              <Text>{t('announcements.optOutDone', { email: optOut.data.email })}</Text>
              <Anchor component={Link} to="/settings">
                {t('announcements.optOutSettings')}
              </Anchor>
            </Stack>
          ) : optOut.isError ? (
            <Alert color="red" role="alert">
              {t('announcements.optOutFailed')}
            </Alert>
          ) : (
            <Text>{t('announcements.optOutWorking')}</Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
