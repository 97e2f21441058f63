import {
  Alert,
  Badge,
  Card,
  Container,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { MARKETPLACE_REGIONS } from '@portal/contracts/marketplace-catalog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { categoriesQuery, marketplaceListQuery } from '../api.ts';

/** The public marketplace: published listings, searched and filtered by category and region. */
export function MarketplacePage() {
  const { t } = useTranslation();
  const list = useListParams(['search', 'category', 'region'] as const);
  const query = useQuery(marketplaceListQuery(list));
  const categories = useQuery(categoriesQuery);
  const filtered = Boolean(list.filters.search || list.filters.category || list.filters.region);

  return (
    <Container size="lg" py="md">
      <Stack>
        <Title order={1}>{t('marketplace.public.title')}</Title>
        <Text c="dimmed">{t('marketplace.public.description')}</Text>
        <Group align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 260px' }}>
            <ListSearch label={t('marketplace.public.search')} list={list} filter="search" />
          </div>
          <Select
            label={t('marketplace.public.category')}
            placeholder={t('marketplace.public.allCategories')}
            data={(categories.data ?? []).map((category) => ({
              value: String(category.id),
              label: category.label,
            }))}
            value={list.filters.category || null}
            onChange={(value) => list.setFilter('category', value ?? '')}
            clearable
            searchable
          />
          <Select
            label={t('marketplace.public.region')}
            placeholder={t('marketplace.public.allRegions')}
            data={MARKETPLACE_REGIONS.map((region) => ({ value: region.id, label: region.name }))}
            value={list.filters.region || null}
            onChange={(value) => list.setFilter('region', value ?? '')}
            clearable
          />
        </Group>
        {query.isError && (
          <Alert color="red" role="alert" title={t('marketplace.errors.title')}>
            {t('marketplace.public.error')}
          </Alert>
        )}
        {query.isPending ? (
          <TableSkeleton />
        ) : query.data?.items.length === 0 ? (
          <Text>{filtered ? t('list.noMatches') : t('marketplace.public.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {query.data?.items.map((listing) => (
              <Card
                key={listing.slug}
                withBorder
                padding="md"
                component={Link}
                to={`/marketplace/apps/${listing.slug}`}
              >
                <Group wrap="nowrap" align="flex-start">
                  {listing.small_logo_url && (
                    <Image src={listing.small_logo_url} alt="" w={56} h={56} fit="contain" />
                  )}
                  <Stack gap={4}>
                    <Text fw={600}>{listing.public_name}</Text>
                    {listing.built_by && (
                      <Text size="xs" c="dimmed">
                        {t('marketplace.public.by', { name: listing.built_by })}
                      </Text>
                    )}
                    <Text size="sm">{listing.tagline}</Text>
                    <Group gap={4}>
                      {listing.categories.map((category) => (
                        <Badge key={category.id} variant="light" size="sm">
                          {category.label}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <ListPagination data={query.data} list={list} />
      </Stack>
    </Container>
  );
}
