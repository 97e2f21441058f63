import { Alert, Container, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Markdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { TextSkeleton } from '../../../components/skeletons.tsx';
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
      {terms.isPending && <TextSkeleton lines={8} />}
      {terms.data && (
        <Typography>
          <Markdown rehypePlugins={[rehypeSanitize]}>{terms.data.markdown}</Markdown>
        </Typography>
      )}
    </Container>
  );
}
