import { Alert, Code, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * `/oauth-code`: where the redirectless URN (`urn:ietf:wg:oauth:2.0:oob`) lands: the authorization
 * code to paste into the app, or the error the authorization server answered.
 */
export function CodePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const error = params.get('error');
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" component="section" aria-labelledby="code-heading">
        <Stack>
          <Title order={1} size="h2" id="code-heading">
            {t('oauth.code.title')}
          </Title>
          {code ? (
            <>
              <Text>{t('oauth.code.instructions')}</Text>
              <Code block aria-label={t('oauth.code.label')}>
                {code}
              </Code>
              <Text size="sm" c="dimmed">
                {t('oauth.code.expires')}
              </Text>
            </>
          ) : (
            <Alert color="red" role="alert" title={t('oauth.code.errorTitle')}>
              {error === 'access_denied' ? t('oauth.code.denied') : t('oauth.code.missing')}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
