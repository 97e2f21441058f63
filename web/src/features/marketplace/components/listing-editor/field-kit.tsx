import { ActionIcon, Badge, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../listing-form.ts';

/** What every field of the editor reads: values, errors, read-only, and the admin's extras. */
export type FieldKit = {
  appId: string;
  values: FormValues;
  set: <K extends keyof FormValues>(field: K, value: FormValues[K], errorPath?: string) => void;
  /** The errors shown, keyed by field path. */
  errors: Record<string, string[]>;
  readOnly: boolean;
  admin: boolean;
  /** Admin: the fields that differ from the published listing. */
  changed: ReadonlySet<string>;
};

export const FieldKitContext = createContext<FieldKit | null>(null);

export function useFieldKit(): FieldKit {
  const kit = useContext(FieldKitContext);
  if (!kit) throw new Error('useFieldKit outside the listing editor');
  return kit;
}

/** The error text at a path (several messages joined). */
export function useFieldError(path: string): string | undefined {
  const { errors } = useFieldKit();
  return errors[path]?.join(' ') || undefined;
}

/**
 * A field's label with, for staff, a "Changed" marker when it differs from the published listing
 * and a copy button for its text.
 */
export function FieldLabel({ field, label, copy }: { field: string; label: string; copy?: string | null }) {
  const { t } = useTranslation();
  const { admin, changed } = useFieldKit();
  if (!admin) return <>{label}</>;
  return (
    <Group gap={6} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
      <span>{label}</span>
      {changed.has(field) && (
        <Badge size="xs" color="orange" variant="light" component="span">
          {t('marketplace.admin.changed')}
        </Badge>
      )}
      {copy ? <CopyField value={copy} label={label} /> : null}
    </Group>
  );
}

/** The asterisk of a required field whose label is not an input's (Mantine's own look). */
export function RequiredMark() {
  return (
    <Text component="span" c="red" aria-hidden>
      {' *'}
    </Text>
  );
}

function CopyField({ value, label }: { value: string; label: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('marketplace.admin.copied') : t('marketplace.admin.copy')} withArrow>
          <ActionIcon
            component="span"
            role="button"
            tabIndex={0}
            size="xs"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            aria-label={t('marketplace.admin.copyField', { field: label })}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              copy();
            }}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
