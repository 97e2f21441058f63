import { Alert, Container, Text, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { termsQuery } from '../api.ts';

export function TermsPage() {
  const { t } = useTranslation();
  const terms = useQuery(termsQuery);
  return (
    <Container size="md" py="md">
      {terms.isError && (
        <Alert color="red" title={t('apps.errors.title')} role="alert">
          {t('apps.errors.generic')}
        </Alert>
      )}
      {terms.isPending && <Text>{t('common.loading')}</Text>}
      {terms.data && (
        <Typography>
          <Markdown rehypePlugins={[rehypeSanitize]}>{terms.data.markdown}</Markdown>
        </Typography>
      )}
    </Container>
  );
}
