import { notifications } from '@mantine/notifications';
import { LOGO_MAX_BYTES } from '@portal/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropzoneField } from '../../../components/dropzone-field.tsx';
import { ApiRequestError, type UploadProgress } from '../../../lib/api.ts';

/** What the field needs of a mutation (declared as methods, so any TanStack mutation of these fits). */
type Call<V, R> = {
  isPending: boolean;
  mutate(
    variables: V,
    options: { onSuccess?(data: R): void; onError?(error: Error): void; onSettled?(): void },
  ): void;
};

/** The two calls behind the field: the developer's (`apps/api.ts`) or staff's (`admin/api.ts`). */
export type LogoMutations = {
  upload: Call<{ file: File; onProgress: UploadProgress }, { thumbnail_notice: string | null }>;
  remove: Call<void, unknown>;
};

const LOGO_TYPES = ['image/png', 'image/jpeg'];

/**
 * App avatar (spec developer-apps §2 Settings): one JPEG or PNG, uploaded as soon as it is dropped or chosen;
 * the server checks the content. A failure goes to the settings card's banner (`onError`).
 */
export function LogoField({
  previewUrl,
  upload,
  remove,
  disabled,
  onError,
}: LogoMutations & {
  previewUrl: string | null;
  disabled: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
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
      previewUrl={previewUrl}
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
