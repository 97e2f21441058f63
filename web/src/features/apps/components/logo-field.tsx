import { notifications } from '@mantine/notifications';
import type { DeveloperApp } from '@portal/contracts';
import { LOGO_MAX_BYTES } from '@portal/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropzoneField } from '../../../components/dropzone-field.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { useRemoveLogo, useUploadLogo } from '../api.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/**
 * App avatar (spec §2 Settings): one JPEG or PNG, uploaded as soon as it is dropped or chosen; the
 * server checks the content. A failure goes to the settings card's banner (`onError`).
 */
export function LogoField({
  app,
  disabled,
  onError,
}: {
  app: DeveloperApp;
  disabled: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadLogo(app.id);
  const remove = useRemoveLogo(app.id);
  const [progress, setProgress] = useState<number | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const handleFile = (file: File) => {
    setFieldError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (saved) => {
          notifications.show({ message: t('apps.logo.uploaded'), color: 'green' });
          if (saved.thumbnail_notice)
            notifications.show({ message: saved.thumbnail_notice, color: 'yellow' });
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.fields.thumbnail)
            setFieldError(failure.fields.thumbnail.join(' '));
          onError(failure);
        },
        onSettled: () => setProgress(null),
      },
    );
  };
  const handleRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => notifications.show({ message: t('apps.logo.removed'), color: 'green' }),
      onError,
    });

  return (
    <DropzoneField
      label={t('apps.logo.label')}
      hint={t('apps.logo.hint')}
      accept={LOGO_TYPES}
      acceptLabel={t('apps.logo.types')}
      maxBytes={LOGO_MAX_BYTES}
      previewUrl={app.thumbnail_url}
      previewAlt={t('apps.logo.alt')}
      progress={progress}
      error={fieldError}
      disabled={disabled}
      removeLabel={t('apps.logo.remove')}
      removing={remove.isPending}
      onFile={handleFile}
      onRemove={handleRemove}
    />
  );
}
