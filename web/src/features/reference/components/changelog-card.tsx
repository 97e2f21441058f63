import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ChangelogEntry, ResourceGroup } from '@portal/contracts';
import { smallestVersionLabel, yearMonth } from '@portal/contracts/changelog';
import { CHANGELOG_SHOW_MORE_ABOVE_PX } from '@portal/contracts/limits';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '../../../lib/markdown.tsx';

/**
 * One changelog entry (spec developer-apps §2): links to its endpoint page, the date as YYYY-MM, the
 * version as the smallest followed by '+', 'Show More' when the description is taller than 66 px.
 */
export function ChangelogCard({ entry, group }: { entry: ChangelogEntry; group: ResourceGroup }) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    if (body.current) setTall(body.current.scrollHeight > CHANGELOG_SHOW_MORE_ABOVE_PX);
  }, []);
  const descriptionId = `changelog-${entry.id}`;
  return (
    <Card withBorder component="article" aria-labelledby={`${descriptionId}-title`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{t(`reference.types.${entry.type}`)}</Badge>
          {entry.breaking && <Badge color="red">{t('reference.breaking')}</Badge>}
          {entry.visibility === 'internal' && <Badge color="gray">{t('reference.internal')}</Badge>}
          <Text size="sm" c="dimmed">
            {yearMonth(entry.datestamp)}
          </Text>
          <Text size="sm" c="dimmed">
            {smallestVersionLabel(entry.versions)}
          </Text>
        </Group>
        <Title order={2} size="h4" id={`${descriptionId}-title`}>
          <Anchor component={Link} to={`/reference/${group}/${entry.link}`}>
            {entry.summary}
          </Anchor>
        </Title>
        <Text size="sm" ff="monospace">
          {entry.endpoint}
        </Text>
        <div
          ref={body}
          id={descriptionId}
          style={
            tall && !expanded ? { maxHeight: CHANGELOG_SHOW_MORE_ABOVE_PX, overflow: 'hidden' } : undefined
          }
        >
          <Markdown>{entry.description}</Markdown>
        </div>
        {tall && (
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((open) => !open)}
            style={{ alignSelf: 'flex-start' }}
          >
            {expanded ? t('reference.showLess') : t('reference.showMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
