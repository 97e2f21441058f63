import { Alert, Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Crumbs } from '../../../components/crumbs.tsx';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { marketplaceListingQuery, marketplacePreviewQuery } from '../api.ts';
import { ListingView } from '../components/listing-view.tsx';

function ListingFrame({
  query,
}: {
  query: ReturnType<typeof useQuery<import('@portal/contracts').MarketplaceListing>>;
}) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Stack>
        <Crumbs
          trail={[
            { label: t('marketplace.public.title'), to: '/marketplace' },
            { label: query.data?.public_name ?? '' },
          ]}
        />
        {query.isError ? (
          <Alert color="red" role="alert" title={t('marketplace.errors.title')}>
            {query.error instanceof ApiRequestError && [403, 404].includes(query.error.status)
              ? t('marketplace.public.notFound')
              : t('marketplace.public.error')}
          </Alert>
        ) : query.data ? (
          <ListingView listing={query.data} />
        ) : (
          <PageSkeleton />
        )}
      </Stack>
    </Container>
  );
}

/** `/marketplace/apps/{slug}`: a published listing (the server counts the view). */
export function MarketplaceListingPage() {
  const slug = useParams().slug!;
  const query = useQuery({ ...marketplaceListingQuery(slug), retry: false });
  return <ListingFrame query={query} />;
}

/** `/marketplace/previews/{submission id}`: a draft as it would look, for its app's people and staff. */
export function MarketplacePreviewPage() {
  const id = useParams().id!;
  const query = useQuery({ ...marketplacePreviewQuery(id), retry: false });
  return <ListingFrame query={query} />;
}
