import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A page form's buttons: submit (`label`), then Cancel, a link back to `cancelTo`. */
export function FormActions({
  label,
  loading,
  disabled,
  cancelTo,
}: {
  label: string;
  loading: boolean;
  disabled: boolean;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" loading={loading} disabled={disabled}>
        {label}
      </Button>
      <Button component={Link} to={cancelTo} variant="default">
        {t('common.cancel')}
      </Button>
    </Group>
  );
}
