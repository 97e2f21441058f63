import { Anchor, Container, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { OperationList } from '../components/operation-list.tsx';
import { REST_API_OVERVIEW } from '../paths.ts';

/**
 * `/reference` (spec admin §2 Reference): the section, for the branch, admin, employee and signed-in
 * flags and the sandbox API base URL the config carries; the REST API and the portal's own API, their
 * changelogs and the guides. The restricted-government build hides the external link.
 */
export function ReferencePage() {
  const { t } = useTranslation();
  const config = useConfig();
  const guides = useQuery({
    queryKey: ['guides'],
    queryFn: () => api<Array<{ slug: string; title: string }>>('/guides'),
  });
  return (
    <Container size="lg" py="md">
      <Stack>
        <Title order={1}>{t('reference.section')}</Title>
        <Text>
          <Anchor component={Link} to={REST_API_OVERVIEW}>
            {t('reference.title')}
          </Anchor>{' '}
          · {t('reference.baseUrl')}: <code>{config.dev_api_base_url}</code>
        </Text>
        {!config.restricted_government && config.reference_external_url && (
          <Anchor href={config.reference_external_url} target="_blank" rel="noopener noreferrer">
            {config.reference_external_label}
          </Anchor>
        )}
        <Stack gap={4} component="section" aria-labelledby="guides">
          <Title order={2} size="h3" id="guides">
            {t('reference.guides')}
          </Title>
          <List>
            {guides.data?.map((guide) => (
              <List.Item key={guide.slug}>
                <Anchor component={Link} to={`/documentation/${guide.slug}`}>
                  {guide.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <OperationList group="rest" />
          <OperationList group="portal" />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
