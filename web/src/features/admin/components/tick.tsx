import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function Tick({ value }: { value: boolean }) {
  const { t } = useTranslation();
  const label = value ? t('adminLists.yes') : t('adminLists.no');
  return value ? (
    <IconCheck color="var(--mantine-color-green-7)" aria-label={label} role="img" />
  ) : (
    <IconX color="var(--mantine-color-red-7)" aria-label={label} role="img" />
  );
}
