import { Alert, Code, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Crumbs } from '../../../components/crumbs.tsx';
import { useConfig } from '../../../lib/config.ts';
import { Markdown } from '../../../lib/markdown.tsx';
import { guideQuery } from '../api.ts';
import { OperationList } from '../components/operation-list.tsx';

/**
 * The REST API overview (spec admin §2 Reference: /reference/rest/docs/rest-api-overview): content
 * served by the server (never strings in the /login catalogue), the sandbox base URL, the endpoints.
 */
export function RestApiPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const overview = useQuery(guideQuery('rest-api-overview'));
  return (
    <Container size="xl" py="md">
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Crumbs
              trail={[{ label: t('reference.section'), to: '/reference' }, { label: t('reference.title') }]}
            />
            <Title order={1}>{overview.data?.title ?? t('reference.title')}</Title>
            <Text fw={600}>{t('reference.baseUrl')}</Text>
            <Code block>{config.dev_api_base_url}</Code>
            {overview.isPending && <Text>{t('common.loading')}</Text>}
            {overview.isError && <Alert color="red">{t('reference.guideMissing')}</Alert>}
            {overview.data && <Markdown>{overview.data.markdown}</Markdown>}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OperationList group="rest" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
