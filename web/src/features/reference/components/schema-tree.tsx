import { Badge, Code, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deref, type Json, typeLabel } from '../openapi.ts';

const MAX_DEPTH = 5;

/** A request or response schema as a nested list of fields: name, type, required, description. */
export function SchemaTree({ doc, schema, depth = 0 }: { doc: Json; schema: Json; depth?: number }) {
  const { t } = useTranslation();
  let s = deref(doc, schema) ?? {};
  if (s.type === 'array' || s.items) s = deref(doc, s.items) ?? {};
  const required = new Set<string>(s.required ?? []);
  const fields = Object.entries<Json>(s.properties ?? {});
  if (!fields.length || depth > MAX_DEPTH) return null;
  return (
    <List listStyleType={depth ? 'circle' : 'disc'} withPadding={depth > 0} spacing={4}>
      {fields.map(([name, child]) => {
        const resolved = deref(doc, child) ?? {};
        return (
          <List.Item key={name}>
            <Code>{name}</Code>{' '}
            <Text span size="sm" c="dimmed">
              {typeLabel(doc, child)}
            </Text>{' '}
            {required.has(name) && (
              <Badge size="xs" variant="light" color="red">
                {t('reference.required')}
              </Badge>
            )}
            {resolved.description && <Text size="sm">{resolved.description}</Text>}
            <SchemaTree doc={doc} schema={child} depth={depth + 1} />
          </List.Item>
        );
      })}
    </List>
  );
}
