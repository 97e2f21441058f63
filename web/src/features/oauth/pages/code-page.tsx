import { Alert, Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PanelPage } from '../../../components/panel-page.tsx';

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
    <PanelPage id="code-heading" title={t('oauth.code.title')}>
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
    </PanelPage>
  );
}
