import { Alert, Badge, Code, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Crumbs } from '../../../components/crumbs.tsx';
import { useConfig } from '../../../lib/config.ts';
import { documentQuery } from '../api.ts';
import { groupOf, useGroupTitle } from '../components/group.ts';
import { SchemaTree } from '../components/schema-tree.tsx';
import { bodySchema, curlLine, deref, exampleOf, operations, typeLabel } from '../openapi.ts';

/** One endpoint of a group's OpenAPI document: operation, parameters, schemas, an example, a curl line. */
export function EndpointPage() {
  const { t } = useTranslation();
  const params = useParams();
  const group = groupOf(params.group);
  const config = useConfig();
  const title = useGroupTitle(group);
  const query = useQuery(documentQuery(group));
  const doc = query.data;
  const operation = doc ? operations(doc).find((op) => op.slug === params.slug) : undefined;
  const base = group === 'rest' ? config.dev_api_base_url : window.location.origin;
  const crumbs = [
    { label: t('reference.section'), to: '/reference' },
    { label: title, to: `/reference/${group}/changelog` },
    { label: operation?.summary ?? params.slug ?? '' },
  ];
  if (query.isPending) return <Text p="md">{t('common.loading')}</Text>;
  if (!operation)
    return (
      <Container size="md" py="md">
        <Alert color="red" title={t('reference.endpointMissing')} role="alert">
          <Link to="/reference">{t('reference.backToReference')}</Link>
        </Alert>
      </Container>
    );
  const requestSchema = bodySchema(doc, operation.op.requestBody);
  const responses = Object.entries<unknown>(operation.op.responses ?? {});
  return (
    <Container size="lg" py="md">
      <Stack>
        <Crumbs trail={crumbs} />
        <Title order={1}>{operation.summary}</Title>
        <Group gap="xs">
          <Badge variant="filled">{operation.method}</Badge>
          <Code>{operation.path}</Code>
          {operation.deprecated && <Badge color="orange">{t('reference.deprecated')}</Badge>}
        </Group>
        {operation.description && <Text>{operation.description}</Text>}
        <Title order={2} size="h3">
          {t('reference.parameters')}
        </Title>
        {operation.parameters.length ? (
          <Table.ScrollContainer minWidth={500}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reference.name')}</Table.Th>
                  <Table.Th>{t('reference.in')}</Table.Th>
                  <Table.Th>{t('reference.type')}</Table.Th>
                  <Table.Th>{t('reference.required')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {operation.parameters.map((p) => (
                  <Table.Tr key={`${p.in}:${p.name}`}>
                    <Table.Td>
                      <Code>{p.name}</Code>
                    </Table.Td>
                    <Table.Td>{p.in}</Table.Td>
                    <Table.Td>{typeLabel(doc, p.schema)}</Table.Td>
                    <Table.Td>{p.required ? t('reference.yes') : t('reference.no')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{t('reference.noParameters')}</Text>
        )}
        {requestSchema && (
          <>
            <Title order={2} size="h3">
              {t('reference.requestBody')}
            </Title>
            <SchemaTree doc={doc} schema={requestSchema} />
          </>
        )}
        <Title order={2} size="h3">
          {t('reference.responses')}
        </Title>
        {responses.map(([code, response]) => {
          const schema = bodySchema(doc, response);
          return (
            <Stack key={code} gap={4}>
              <Text fw={600}>
                {code} {deref(doc, response)?.description}
              </Text>
              {schema && <Text size="sm">{typeLabel(doc, schema)}</Text>}
              {schema && <SchemaTree doc={doc} schema={schema} />}
            </Stack>
          );
        })}
        <Title order={2} size="h3">
          {t('reference.example')}
        </Title>
        <Code block tabIndex={0} aria-label={t('reference.curl')}>
          {curlLine(base, operation, !!requestSchema)}
        </Code>
        {requestSchema && (
          <Code block tabIndex={0} aria-label={t('reference.requestBody')}>
            {JSON.stringify(exampleOf(doc, requestSchema), null, 2)}
          </Code>
        )}
        {responses[0] && bodySchema(doc, responses[0][1]) && (
          <Code block tabIndex={0} aria-label={t('reference.exampleResponse')}>
            {JSON.stringify(exampleOf(doc, bodySchema(doc, responses[0][1])), null, 2)}
          </Code>
        )}
      </Stack>
    </Container>
  );
}
