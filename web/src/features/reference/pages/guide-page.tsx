import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Crumbs } from '../../../components/crumbs.tsx';
import { Markdown } from '../../../lib/markdown.tsx';
import { guideQuery } from '../api.ts';

/** A guide (`/documentation/{slug}`): markdown served by the server, through the one sanitizing policy. */
export function GuidePage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const query = useQuery(guideQuery(slug));
  return (
    <Container size="md" py="md">
      <Stack>
        <Crumbs
          trail={[{ label: t('reference.section'), to: '/reference' }, { label: query.data?.title ?? slug }]}
        />
        {query.isPending && <Text>{t('common.loading')}</Text>}
        {query.isError && (
          <Alert color="red" title={t('reference.guideMissing')} role="alert">
            <Link to="/reference">{t('reference.backToReference')}</Link>
          </Alert>
        )}
        {query.data && (
          <>
            <Title order={1}>{query.data.title}</Title>
            <Markdown>{query.data.markdown}</Markdown>
          </>
        )}
      </Stack>
    </Container>
  );
}
