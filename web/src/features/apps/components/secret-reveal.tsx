import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A just-issued secret: shown this once, with a copy button. */
export function SecretReveal({ uid, secret, once }: { uid: string; secret: string; once: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t('apps.credentials.secretTitle')} role="status">
      <Stack gap="xs">
        <Text size="sm">
          {t('apps.credentials.clientId')}: <Code>{uid}</Code>
        </Text>
        <Group gap="xs">
          <Text size="sm">
            {t('apps.credentials.clientSecret')}: <Code data-testid="issued-secret">{secret}</Code>
          </Text>
          <CopyButton value={secret} timeout={1500}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? t('apps.credentials.copied') : t('apps.credentials.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        {once && (
          <Text size="sm" fw={600}>
            {t('apps.credentials.shownOnce')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
