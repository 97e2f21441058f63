import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Attachment } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** 'Submit for review?' before the listing goes into review. */
export function confirmSubmit(t: TFunction, onConfirm: () => void) {
  modals.openConfirmModal({
    title: t('marketplace.submit.confirmTitle'),
    children: <Text size="sm">{t('marketplace.submit.confirmBody')}</Text>,
    labels: { confirm: t('marketplace.submit.confirm'), cancel: t('common.cancel') },
    onConfirm,
  });
}

/** 'Delete File?' before a saved file is taken off the listing. */
export function confirmRemoveMedia(t: TFunction, attachment: Attachment, onConfirm: () => void) {
  modals.openConfirmModal({
    title: t('marketplace.media.deleteTitle'),
    children: (
      <Text size="sm">
        {t('marketplace.media.deleteBody', { name: attachment.original_filename ?? attachment.name ?? '' })}
      </Text>
    ),
    labels: { confirm: t('marketplace.media.deleteConfirm'), cancel: t('common.cancel') },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
