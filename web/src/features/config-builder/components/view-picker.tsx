import { Box, Checkbox, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import {
  expandViewSelections,
  groupState,
  toggleGroup,
  viewGroups,
} from '@portal/contracts/configured-manifest';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The side panel's views: a searchable list grouped by tool. Each group's checkbox is the
 * `<tool>.all` choice (expanding to every view of the tool) and is tri-state: checked, some
 * (indeterminate) or none.
 */
export function ViewPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (views: string[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const groups = viewGroups(search);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('configBuilder.component.views')}
        description={t('configBuilder.component.viewsHint', { count: value.length })}
        placeholder={t('configBuilder.component.searchViews')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        error={error}
        required
      />
      {/* Always there, so a screen reader announces the text when a search stops matching. */}
      <Text size="sm" c="dimmed" role="status">
        {groups.length === 0 ? t('configBuilder.component.noViews', { search: search.trim() }) : ''}
      </Text>
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap={6} role="group" aria-label={t('configBuilder.component.views')}>
          {groups.map((group) => {
            const state = groupState(group, value);
            return (
              <Box key={group.tool}>
                <Checkbox
                  fw={500}
                  label={`${group.tool}.all`}
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={() => onChange(toggleGroup(group, value))}
                />
                <Stack gap={8} pl="lg" pt={8}>
                  {group.views.map((view) => (
                    <Checkbox
                      key={view}
                      label={view}
                      checked={value.includes(view)}
                      onChange={(event) =>
                        onChange(
                          event.currentTarget.checked
                            ? expandViewSelections([...value, view])
                            : value.filter((selected) => selected !== view),
                        )
                      }
                    />
                  ))}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
