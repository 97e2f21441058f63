import { Alert, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { Attachment, Submission } from '@portal/contracts';
import {
  LISTING_LOGO_MAX_BYTES,
  LISTING_PICTURE_MAX_BYTES,
  LISTING_VIDEO_MAX_BYTES,
} from '@portal/contracts/limits';
import { useTranslation } from 'react-i18next';
import { DropzoneField } from '../../../../../components/dropzone-field.tsx';
import { useConfig } from '../../../../../lib/config.ts';
import type { MediaKind } from '../../../listing-form.ts';
import { FieldLabel, RequiredMark, useFieldError, useFieldKit } from '../field-kit.tsx';

export type MediaActions = {
  /** 0–1 while a file of that kind uploads. */
  progress: Partial<Record<MediaKind, number>>;
  /** Resolves true once the file is saved, false when it was refused (the error is at the field). */
  upload: (kind: MediaKind, file: File) => Promise<boolean>;
  /** Asks 'Delete File?' first. */
  remove: (kind: MediaKind, attachment: Attachment) => void;
};

const IMAGES = ['image/png', 'image/jpeg'];
const VIDEOS = ['video/mp4', 'video/quicktime'];

/** The Media Content tab: logo, screenshots, showcase video and other videos, each saved on drop. */
export function MediaTab({ submission, media }: { submission: Submission | null; media: MediaActions }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { readOnly } = useFieldKit();
  const logoError = useFieldError('small_logo');
  const picturesError = useFieldError('pictures');
  const showcaseError = useFieldError('showcase_video');
  const progress = (kind: MediaKind) => media.progress[kind] ?? null;
  const videoUploading = progress('showcase_video') !== null || progress('video') !== null;
  const logo = submission?.small_logo ?? null;

  return (
    <Stack gap="xl">
      {videoUploading && (
        <Alert color="yellow" role="status">
          {t('marketplace.media.stayOnPage')}
        </Alert>
      )}
      <DropzoneField
        label={t('marketplace.media.logo')}
        hint={t('marketplace.media.logoHint')}
        accept={['image/png']}
        acceptLabel="PNG"
        maxBytes={LISTING_LOGO_MAX_BYTES}
        previewUrl={logo?.url ?? null}
        previewAlt={t('marketplace.media.logoAlt')}
        progress={progress('logo')}
        error={logoError ?? null}
        required
        disabled={readOnly}
        removeLabel={t('marketplace.media.removeLogo')}
        onFile={(file) => media.upload('logo', file)}
        onRemove={() => logo && media.remove('logo', logo)}
      />

      <Stack gap="xs">
        <Text fw={500} size="sm">
          <FieldLabel field="pictures" label={t('marketplace.media.screenshots')} />
          <RequiredMark />
        </Text>
        <Text size="sm" c="dimmed">
          {t('marketplace.media.screenshotsHint', { count: submission?.pictures.length ?? 0 })}
        </Text>
        <Group>
          {submission?.pictures.map((picture, index) => (
            <Card key={picture.id} withBorder p="xs" w={180}>
              <Image
                src={picture.url}
                alt={t('marketplace.media.screenshotAlt', { number: index + 1 })}
                h={100}
                fit="contain"
              />
              {!readOnly && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  mt={4}
                  onClick={() => media.remove('picture', picture)}
                  aria-label={t('marketplace.media.removeScreenshot', { number: index + 1 })}
                >
                  {t('marketplace.media.remove')}
                </Button>
              )}
            </Card>
          ))}
        </Group>
        <DropzoneField
          label={t('marketplace.media.addScreenshot')}
          accept={IMAGES}
          acceptLabel="JPEG or PNG"
          maxBytes={LISTING_PICTURE_MAX_BYTES}
          previewUrl={null}
          previewAlt={t('marketplace.media.screenshotAlt', {
            number: (submission?.pictures.length ?? 0) + 1,
          })}
          progress={progress('picture')}
          error={picturesError ?? null}
          disabled={readOnly}
          removeLabel={t('marketplace.media.remove')}
          multiple
          onFile={(file) => media.upload('picture', file)}
          onRemove={() => undefined}
        />
      </Stack>

      {!config.fedramp && (
        <>
          <VideoField
            label={t('marketplace.media.showcaseVideo')}
            saved={submission?.showcase_video ? [submission.showcase_video] : []}
            progress={progress('showcase_video')}
            error={showcaseError ?? null}
            required
            canAdd={!submission?.showcase_video}
            onFile={(file) => media.upload('showcase_video', file)}
            onRemove={(video) => media.remove('showcase_video', video)}
          />
          <VideoField
            label={t('marketplace.media.videos')}
            saved={submission?.videos ?? []}
            progress={progress('video')}
            error={null}
            canAdd
            onFile={(file) => media.upload('video', file)}
            onRemove={(video) => media.remove('video', video)}
          />
        </>
      )}
    </Stack>
  );
}

function VideoField(props: {
  label: string;
  required?: boolean;
  saved: Attachment[];
  progress: number | null;
  error: string | null;
  canAdd: boolean;
  onFile: (file: File) => void;
  onRemove: (video: Attachment) => void;
}) {
  const { t } = useTranslation();
  const { readOnly } = useFieldKit();
  const hasDropzone = props.canAdd || props.progress !== null;
  return (
    <Stack gap="xs">
      {/* Without its drop zone (one saved showcase video) the field keeps its label. */}
      {!hasDropzone && (
        <Text fw={500} size="sm">
          {props.label}
          {props.required && <RequiredMark />}
        </Text>
      )}
      {props.saved.map((video) => (
        <Group key={video.id} align="center">
          {/* biome-ignore lint/a11y/useMediaCaption: developer-uploaded previews have no captions */}
          <video src={video.url} controls width={240} aria-label={video.name ?? props.label} />
          {!readOnly && (
            <Button variant="default" onClick={() => props.onRemove(video)}>
              {t('marketplace.media.removeVideo', { name: video.name ?? video.original_filename ?? '' })}
            </Button>
          )}
        </Group>
      ))}
      {hasDropzone && (
        <DropzoneField
          label={props.label}
          hint={t('marketplace.media.videoHint')}
          accept={VIDEOS}
          acceptLabel="MP4 or MOV"
          maxBytes={LISTING_VIDEO_MAX_BYTES}
          previewUrl={null}
          previewAlt={props.label}
          progress={props.progress}
          error={props.error}
          required={props.required ?? false}
          disabled={readOnly}
          removeLabel={t('marketplace.media.remove')}
          onFile={props.onFile}
          onRemove={() => undefined}
        />
      )}
      {!props.canAdd && props.error && (
        <Text c="red" size="sm">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
