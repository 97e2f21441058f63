import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminChangelogEntry } from '@portal/contracts';
import { RESOURCE_GROUPS, type ResourceGroup } from '@portal/contracts/changelog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, errorText } from '../../../lib/api.ts';
import { proposalsQuery, useImportDocument, usePublishEntry } from '../api.ts';
import { ProposalEditor } from '../components/proposal-editor.tsx';

/** Admins import a group's OpenAPI document, then edit and publish the entries its diff proposes. */
export function AdminChangelogPage() {
  const { t } = useTranslation();
  const [group, setGroup] = useState<ResourceGroup>('rest');
  const [branch, setBranch] = useState('main');
  const [document, setDocument] = useState('');
  const [editing, setEditing] = useState<AdminChangelogEntry | null>(null);
  const importDoc = useImportDocument(group);
  const publish = usePublishEntry(group);
  const proposals = useQuery(proposalsQuery(group));
  const fieldError =
    importDoc.error instanceof ApiRequestError
      ? (importDoc.error.fields.document?.join(' ') ?? errorText(importDoc.error))
      : importDoc.error
        ? errorText(importDoc.error)
        : null;
  return (
    <Container size="lg" py="md">
      <Stack>
        <Title order={1}>{t('reference.admin.title')}</Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            importDoc.mutate({ branch, document });
          }}
        >
          <Stack>
            <Group grow>
              <Select
                label={t('reference.admin.group')}
                data={[...RESOURCE_GROUPS]}
                value={group}
                allowDeselect={false}
                onChange={(value) => setGroup((value as ResourceGroup) ?? 'rest')}
              />
              <TextInput
                label={t('reference.admin.branchName')}
                value={branch}
                onChange={(e) => setBranch(e.currentTarget.value)}
              />
            </Group>
            <Textarea
              label={t('reference.admin.document')}
              value={document}
              onChange={(e) => setDocument(e.currentTarget.value)}
              autosize
              minRows={6}
              maxRows={16}
              styles={{ input: { fontFamily: 'monospace' } }}
              error={fieldError}
              required
            />
            <Group>
              <Button type="submit" loading={importDoc.isPending}>
                {t('reference.admin.import')}
              </Button>
              {importDoc.data && (
                <Text role="status">
                  {t('reference.admin.imported', { count: importDoc.data.proposed.length })}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
        <Title order={2} size="h3">
          {t('reference.admin.proposals')}
        </Title>
        {publish.isError && (
          <Alert color="red" title={t('reference.admin.error')} role="alert">
            {errorText(publish.error)}
          </Alert>
        )}
        {proposals.data?.items.length === 0 && <Text>{t('reference.admin.noProposals')}</Text>}
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {proposals.data?.items.map((entry) => (
            <li key={entry.id}>
              <Card withBorder component="article" aria-label={entry.summary}>
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Badge variant="light">{t(`reference.types.${entry.type}`)}</Badge>
                      {entry.breaking && <Badge color="red">{t('reference.breaking')}</Badge>}
                      <Text size="sm" ff="monospace">
                        {entry.endpoint}
                      </Text>
                    </Group>
                    <Text fw={600}>{entry.summary}</Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button variant="default" size="xs" onClick={() => setEditing(entry)}>
                      {t('reference.admin.edit')}
                    </Button>
                    <Button
                      size="xs"
                      onClick={() => publish.mutate(entry.id)}
                      loading={publish.isPending && publish.variables === entry.id}
                    >
                      {t('reference.admin.publish')}
                    </Button>
                  </Group>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
        {editing && <ProposalEditor group={group} entry={editing} onClose={() => setEditing(null)} />}
      </Stack>
    </Container>
  );
}
