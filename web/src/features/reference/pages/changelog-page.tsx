import { Anchor, Container, Grid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Crumbs } from '../../../components/crumbs.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { changelogQuery } from '../api.ts';
import { ChangelogCard } from '../components/changelog-card.tsx';
import { ChangelogFilters } from '../components/changelog-filters.tsx';
import { groupOf, useGroupTitle } from '../components/group.ts';
import { useChangelogParams } from '../components/use-changelog-params.ts';

/** A group's changelog (spec developer-apps §2 Changelog page): filters on the left, cards, pages top and bottom. */
export function ChangelogPage() {
  const { t } = useTranslation();
  const group = groupOf(useParams().group);
  const title = useGroupTitle(group);
  const params = useChangelogParams();
  const query = useQuery(changelogQuery(group, params.filters));
  const data = query.data;
  return (
    <Container size="xl" py="md">
      <Stack>
        <Crumbs trail={[{ label: t('reference.section'), to: '/reference' }, { label: title }]} />
        <Title order={1}>{t('reference.changelogTitle', { group: title })}</Title>
        <Text size="sm">
          <Anchor href={`/api/v1/resource_groups/${group}/changelog.atom`} type="application/atom+xml">
            {t('reference.feed')}
          </Anchor>
        </Text>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <ChangelogFilters group={group} params={params} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <Stack>
              <ListPagination data={data} list={params.list} label={t('reference.pagesTop')} />
              {query.isPending ? (
                <Text>{t('common.loading')}</Text>
              ) : data?.items.length ? (
                <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {data.items.map((entry) => (
                    <li key={entry.id}>
                      <ChangelogCard entry={entry} group={group} />
                    </li>
                  ))}
                </Stack>
              ) : (
                <Text role="status">{t('reference.nothingFound')}</Text>
              )}
              <ListPagination data={data} list={params.list} label={t('reference.pagesBottom')} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
