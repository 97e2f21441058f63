import { Anchor, Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { ResourceGroup } from '@portal/contracts/changelog';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { documentQuery } from '../api.ts';
import { operations } from '../openapi.ts';
import { useGroupTitle } from './group.ts';

/** A group's endpoints by tag, each linking to its endpoint page. */
export function OperationList({ group }: { group: ResourceGroup }) {
  const { t } = useTranslation();
  const title = useGroupTitle(group);
  const query = useQuery(documentQuery(group));
  const ops = query.data ? operations(query.data) : [];
  const tags = [...new Set(ops.map((op) => op.tag))];
  return (
    <Stack gap="xs" component="section" aria-labelledby={`endpoints-${group}`}>
      <Group justify="space-between">
        <Title order={2} size="h3" id={`endpoints-${group}`}>
          {title}
        </Title>
        <Anchor component={Link} to={`/reference/${group}/changelog`}>
          {t('reference.changelog')}
        </Anchor>
      </Group>
      {query.isPending && <Text>{t('common.loading')}</Text>}
      {query.isError && <Text c="dimmed">{t('reference.noDocument')}</Text>}
      {tags.map((tag) => (
        <Stack key={tag} gap={4}>
          <Title order={3} size="h5">
            {tag}
          </Title>
          <List spacing={2} listStyleType="none">
            {ops
              .filter((op) => op.tag === tag)
              .map((op) => (
                <List.Item key={op.slug}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge size="xs" variant="light" w={56} miw={56} mt={3}>
                      {op.method}
                    </Badge>
                    {/* A long summary wraps inside the row (390 px) instead of widening the page. */}
                    <Anchor
                      component={Link}
                      to={`/reference/${group}/endpoints/${op.slug}`}
                      size="sm"
                      miw={0}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {op.summary}
                    </Anchor>
                    {op.deprecated && (
                      <Badge size="xs" color="orange">
                        {t('reference.deprecated')}
                      </Badge>
                    )}
                  </Group>
                </List.Item>
              ))}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
