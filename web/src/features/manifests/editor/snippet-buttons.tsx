import { Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { JsonObject, ManifestSnippet, ManifestSnippets } from '@portal/contracts';
import type { ManifestSchemaVersion } from '@portal/contracts/manifest-rules';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { manifestSnippetsQuery } from '../api.ts';

type SnippetKey = keyof ManifestSnippets;

/**
 * The component snippet helpers (spec developer-apps §2): data connection (oauth), embedded (iframe or full
 * screen) and side panel. A click hands the snippet's content to `onInsert`, which merges it into the draft;
 * without an existing manifest (schema 3) the server gives whole manifests to start from.
 */
export function SnippetButtons({
  version,
  hasExistingManifest,
  onInsert,
  disabled = false,
  withSidepanel = true,
}: {
  version: ManifestSchemaVersion;
  hasExistingManifest: boolean;
  onInsert: (content: JsonObject) => void;
  disabled?: boolean;
  /** FedRAMP deployments have no side panel. */
  withSidepanel?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const options = manifestSnippetsQuery(version, hasExistingManifest);
  const { data } = useQuery(options);
  const insert = async (key: SnippetKey) => onInsert((await client.fetchQuery(options))[key].content);
  const tip = (snippet: ManifestSnippet | undefined) => snippet?.description ?? '';

  return (
    <Group gap="xs" role="group" aria-label={t('manifests.editor.snippets')}>
      <Text size="sm" fw={500}>
        {t('manifests.editor.snippets')}
      </Text>
      <Tooltip label={tip(data?.oauth)} disabled={!data} withinPortal={false}>
        <Button variant="light" size="xs" disabled={disabled} onClick={() => void insert('oauth')}>
          {t('manifests.editor.dataConnection')}
        </Button>
      </Tooltip>
      <Menu position="bottom-start" withinPortal={false}>
        <Menu.Target>
          <Button
            variant="light"
            size="xs"
            disabled={disabled}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            {t('manifests.editor.embedded')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(['iframe', 'fullscreen'] as const).map((key) => (
            <Menu.Item key={key} onClick={() => void insert(key)}>
              <Text size="sm">{data?.[key].label ?? t(`manifests.editor.${key}`)}</Text>
              <Text size="xs" c="dimmed">
                {tip(data?.[key])}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {withSidepanel && (
        <Tooltip label={tip(data?.sidepanel)} disabled={!data} withinPortal={false}>
          <Button variant="light" size="xs" disabled={disabled} onClick={() => void insert('sidepanel')}>
            {t('manifests.editor.sidepanel')}
          </Button>
        </Tooltip>
      )}
    </Group>
  );
}
