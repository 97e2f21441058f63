import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type DropzoneFieldProps = {
  label: string;
  /** MIME types accepted, e.g. `['image/png', 'image/jpeg']`. */
  accept: string[];
  /** What a person reads for the accepted types, e.g. "JPEG or PNG". */
  acceptLabel: string;
  maxBytes: number;
  /** Extra advice under the field (e.g. the recommended size). */
  hint?: string;
  /** The file already saved, if any. */
  previewUrl: string | null;
  previewAlt: string;
  /** 0–1 while an upload runs, else null. */
  progress: number | null;
  error?: string | null;
  /** Marks the field required (an asterisk by its label). */
  required?: boolean;
  disabled?: boolean;
  removeLabel: string;
  removing?: boolean;
  /**
   * Several files at once (spec admin §9, the dropzone: "single or multiple"): each is handed to
   * `onFile` in turn, the next once the last one's promise settles; a promise resolving `false`
   * (that file refused) stops the rest, so its error stays at the field.
   */
  multiple?: boolean;
  onFile: (file: File) => unknown;
  onRemove: () => void;
};

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * One file (or, `multiple`, several), dropped or chosen with a click (`@mantine/dropzone`): says what
 * it accepts, shows the upload's progress, previews the chosen or saved file and offers to remove
 * it. 180 px high (spec developer-apps §9).
 */
export function DropzoneField(props: DropzoneFieldProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const uploading = props.progress !== null;
  const idle = t(props.multiple ? 'dropzone.idleMany' : 'dropzone.idle');
  const limits = t(props.multiple ? 'dropzone.limitsEach' : 'dropzone.limits', {
    types: props.acceptLabel,
    size: megabytes(props.maxBytes),
  });

  // The chosen file's preview lives while it uploads; then the saved file takes over.
  useEffect(() => {
    if (!uploading && chosen) {
      URL.revokeObjectURL(chosen);
      setChosen(null);
    }
  }, [uploading, chosen]);

  const handleDrop = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setRejected(null);
    if (!props.multiple) {
      setChosen(URL.createObjectURL(file));
      void props.onFile(file);
      return;
    }
    for (const each of files) if ((await props.onFile(each)) === false) return;
  };
  const handleReject = ([rejection]: FileRejection[]) => {
    const code = rejection?.errors[0]?.code;
    setRejected(
      code === 'file-too-large'
        ? t('dropzone.tooLarge', { size: megabytes(props.maxBytes) })
        : code === 'too-many-files'
          ? t('dropzone.oneFile')
          : t('dropzone.wrongType', { types: props.acceptLabel }),
    );
  };
  const preview = chosen ?? props.previewUrl;
  const percent = Math.round((props.progress ?? 0) * 100);
  const error = rejected ?? props.error ?? null;

  return (
    <Input.Wrapper label={props.label} description={props.hint} error={error} withAsterisk={props.required}>
      <Stack gap="xs" mt={4}>
        <Group align="stretch" wrap="wrap">
          {preview && (
            <Image
              src={preview}
              alt={props.previewAlt}
              w={96}
              h={96}
              fit="contain"
              radius="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
            />
          )}
          <Dropzone
            onDrop={handleDrop}
            onReject={handleReject}
            accept={props.accept}
            maxSize={props.maxBytes}
            maxFiles={props.multiple ? 0 : 1}
            multiple={props.multiple ?? false}
            disabled={props.disabled || uploading}
            activateOnKeyboard
            // A button to assistive technology: Enter or Space opens the file chooser. Its name holds
            // the text it shows (WCAG 2.5.3, so a speech user can say it), and the file input inside
            // it is display: none rather than merely invisible, so the button has no focusable content.
            role="button"
            aria-disabled={props.disabled || uploading}
            aria-label={`${props.label}: ${idle}. ${limits}`}
            inputProps={{ style: { display: 'none' } }}
            style={{ flex: '1 1 240px', minWidth: 0 }}
            h={180}
            data-testid="dropzone"
            // Where a form looking for its first failing field finds this one (buttons take no aria-invalid).
            data-invalid={error ? true : undefined}
          >
            <Stack h={148} justify="center" align="center" gap={4} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <Text fw={600}>{t(props.multiple ? 'dropzone.acceptMany' : 'dropzone.accept')}</Text>
              </Dropzone.Accept>
              <Dropzone.Reject>
                <Text fw={600} c="red">
                  {t('dropzone.reject', { types: props.acceptLabel })}
                </Text>
              </Dropzone.Reject>
              <Dropzone.Idle>
                <Text fw={600} ta="center">
                  {idle}
                </Text>
              </Dropzone.Idle>
              {/* A space between the two lines, so the button's text reads as words ("one JPEG") to
                  tools that join its text nodes, as axe's name check does. */}{' '}
              <Text size="sm" c="dimmed" ta="center">
                {limits}
              </Text>
            </Stack>
          </Dropzone>
        </Group>
        {uploading && (
          <Stack gap={2}>
            <Text size="sm">{t('dropzone.uploading', { percent })}</Text>
            <Progress value={percent} aria-label={t('dropzone.progress')} animated />
          </Stack>
        )}
        {props.previewUrl && !uploading && (
          <Button
            variant="default"
            w="fit-content"
            onClick={props.onRemove}
            loading={props.removing}
            disabled={props.disabled}
          >
            {props.removeLabel}
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
