import { Alert, Badge, Button, Container, Modal, Stack, Text, Title } from '@mantine/core';
import type { OutboxMessage } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Crumbs } from '../../../components/crumbs.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { errorText } from '../../../lib/api.ts';
import { outboxQuery } from '../api.ts';
import { MessageView } from '../components/message-view.tsx';

export function OutboxPage() {
  const { t } = useTranslation();
  const list = useListParams(['to'] as const);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const query = useQuery(outboxQuery(list));

  return (
    <Container size="lg" py="md">
      <Stack>
        <Crumbs trail={[{ label: t('nav.admin'), to: '/admin/outbox' }, { label: t('outbox.title') }]} />
        <Title order={1}>{t('outbox.title')}</Title>
        <Text c="dimmed">{t('outbox.description')}</Text>
        {query.data?.items.some((message) => message.delivery === 'outbox') && (
          <Alert color="yellow">{t('outbox.liveLinks')}</Alert>
        )}
        <ListSearch label={t('outbox.filter')} list={list} filter="to" />
        {query.isError && (
          <Alert color="red" title={t('outbox.error')} role="alert">
            {errorText(query.error)}
          </Alert>
        )}
        <QueryTable
          query={query}
          emptyText={list.filters.to ? t('list.noMatches') : t('outbox.empty')}
          minWidth={760}
          columns={[
            { label: t('outbox.sentAt'), cell: (message) => new Date(message.created_at).toLocaleString() },
            { label: t('outbox.to'), cell: (message) => message.to },
            { label: t('outbox.subject'), cell: (message) => message.subject },
            { label: t('outbox.delivery'), cell: (message) => message.delivery },
            {
              label: t('outbox.status'),
              cell: (message) => (
                <Badge color={message.status === 'sent' ? 'green' : 'red'}>{message.status}</Badge>
              ),
            },
            {
              label: t('outbox.actions'),
              cell: (message) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setOpen(message)}
                  aria-label={`${t('outbox.view')}: ${message.subject}`}
                >
                  {t('outbox.view')}
                </Button>
              ),
            },
          ]}
        />
        <ListPagination data={query.data} list={list} />
      </Stack>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.subject} size="lg">
        {open && <MessageView message={open} />}
      </Modal>
    </Container>
  );
}
