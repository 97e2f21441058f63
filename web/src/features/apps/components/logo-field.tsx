import { Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeveloperApp } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, errorText } from '../../../lib/api.ts';
import { useRemoveLogo, useUploadLogo } from '../api.ts';

/** App avatar: one JPEG or PNG, uploaded on choice; the server checks the content. */
export function LogoField({ app, disabled }: { app: DeveloperApp; disabled: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadLogo(app.id);
  const remove = useRemoveLogo(app.id);
  const [error, setError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  const handleChange = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    upload.mutate(chosen, {
      onSuccess: (saved) => {
        setFile(null);
        notifications.show({ message: t('apps.logo.uploaded'), color: 'green' });
        if (saved.thumbnail_notice) notifications.show({ message: saved.thumbnail_notice, color: 'yellow' });
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiRequestError && failure.fields.thumbnail
            ? failure.fields.thumbnail.join(' ')
            : errorText(failure, t('apps.errors.generic')),
        ),
    });
  };
  const handleRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notifications.show({ message: t('apps.logo.removed'), color: 'green' }),
      onError: (failure) => setError(errorText(failure, t('apps.errors.generic'))),
    });

  return (
    <Stack gap={4}>
      <Group align="flex-end">
        {app.thumbnail_url && (
          <Image src={app.thumbnail_url} alt={t('apps.logo.alt')} w={64} h={64} fit="contain" radius="sm" />
        )}
        <FileInput
          label={t('apps.logo.label')}
          description={t('apps.logo.hint')}
          accept="image/png,image/jpeg"
          clearable
          value={file}
          onChange={handleChange}
          disabled={disabled || upload.isPending}
          error={error}
          w={320}
        />
        {app.thumbnail_url && (
          <Button variant="default" onClick={handleRemove} loading={remove.isPending} disabled={disabled}>
            {t('apps.logo.remove')}
          </Button>
        )}
      </Group>
      {upload.isPending && <Text size="sm">{t('apps.logo.uploading')}</Text>}
    </Stack>
  );
}
