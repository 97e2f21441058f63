import { Button, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DeveloperOption } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list-search.tsx';
import { developerOptionsQuery } from '../api.ts';

/** Spec admin §4: picking a new owner only sets it locally; saving the app applies it. */
export function ChangeOwnerDialog({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (owner: DeveloperOption) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<DeveloperOption | null>(null);
  const options = useQuery(developerOptionsQuery(debounced));
  const data = [...(options.data ?? [])];
  if (picked && !data.some((option) => option.id === picked.id)) data.unshift(picked);
  return (
    <Modal opened={opened} onClose={onClose} title={t('adminApp.changeOwner')}>
      <Stack>
        <Text size="sm">{t('adminApp.changeOwnerHint')}</Text>
        <Select
          label={t('adminApp.newOwner')}
          placeholder={t('adminLists.createdByPlaceholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={data.map((option) => ({ value: option.id, label: option.email }))}
          value={picked?.id ?? null}
          onChange={(id) => setPicked(data.find((option) => option.id === id) ?? null)}
          comboboxProps={{ withinPortal: false }}
        />
        <DialogActions onCancel={onClose}>
          <Button
            disabled={!picked}
            onClick={() => {
              if (picked) onPick(picked);
              onClose();
            }}
          >
            {t('adminApp.chooseOwner')}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
