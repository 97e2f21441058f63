import { Alert, Anchor, Button, List, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { LISTING_MESSAGES, type Submission } from '@portal/contracts';
import { tabsWithErrors } from '@portal/contracts/marketplace-listing-fields';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DismissibleAlert } from '../../../../components/dismissible-alert.tsx';
import { useConfig } from '../../../../lib/config.ts';
import { listOf, visibleListingTabs } from './listing-tab-list.ts';
import type { SaveError } from './use-listing-editor.ts';

/** The dismissible intro, remembered in local storage. */
export function IntroBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useLocalStorage({
    key: 'marketplace.introDismissed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  if (dismissed) return null;
  return (
    <DismissibleAlert
      color="blue"
      role="note"
      title={t('marketplace.intro.title')}
      onClose={() => setDismissed(true)}
    >
      {t('marketplace.intro.body')}
    </DismissibleAlert>
  );
}

/**
 * The listing's state (spec developer-apps §4, admin §4): In Review (a success banner for developers,
 * the status for admins), Rejected with the reviewer's notes, Approved, Published. A draft shows
 * nothing to developers; admins see its status.
 */
export function StateBanner({ submission, admin }: { submission: Submission | null; admin: boolean }) {
  const { t } = useTranslation();
  if (!submission) return null;
  const message = submission.admin_message ? (
    // The reviewer's message is HTML sanitized by the server (admin-message.ts) before it is stored.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side
    <div dangerouslySetInnerHTML={{ __html: submission.admin_message }} />
  ) : null;
  if (submission.state === 'in_review')
    return (
      <Alert color={admin ? 'blue' : 'green'} title={t('marketplace.state.in_review')} role="status">
        {admin ? t('marketplace.state.inReviewAdmin') : t('marketplace.state.inReviewNotice')}
      </Alert>
    );
  if (submission.state === 'published')
    return (
      <Alert
        color="green"
        title={
          submission.approval_state === 'approved'
            ? `${t('marketplace.state.published')} · ${t('marketplace.admin.approval.approved')}`
            : t('marketplace.state.published')
        }
        role="status"
      >
        {t('marketplace.state.publishedBody')}
        {submission.slug && (
          <>
            {' '}
            <Anchor href={`/marketplace/apps/${submission.slug}`}>{t('marketplace.state.viewPublic')}</Anchor>
          </>
        )}
        {message}
      </Alert>
    );
  if (submission.approval_state === 'rejected') return <RejectedBanner message={message} />;
  if (!admin) return null;
  return (
    <Alert color="gray" title={t('marketplace.state.draft')} role="status">
      {t('marketplace.state.draftBody')}
    </Alert>
  );
}

/** Rejected (spec admin §4): the reviewer's notes are expandable details, folded at first. */
function RejectedBanner({ message }: { message: ReactNode }) {
  const { t } = useTranslation();
  const [isOpen, { toggle }] = useDisclosure(false);
  const id = useId();
  return (
    <Alert color="red" title={t('marketplace.state.rejected')} role="status">
      <Text size="sm">{t('marketplace.state.rejectedBody')}</Text>
      {message && (
        <>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            px={0}
            mt={4}
            aria-expanded={isOpen}
            aria-controls={id}
            onClick={toggle}
          >
            {t(isOpen ? 'marketplace.state.hideNotes' : 'marketplace.state.showNotes')}
          </Button>
          <div id={id} hidden={!isOpen}>
            {message}
          </div>
        </>
      )}
    </Alert>
  );
}

/** "Couldn't Save Marketplace Listing.": the server's messages, dismissible. */
export function SaveErrorBanner({ error, onClose }: { error: SaveError; onClose: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <DismissibleAlert color="red" role="alert" title={t('marketplace.errors.saveTitle')} onClose={onClose}>
      <Text size="sm">{t('marketplace.errors.followingErrors')}</Text>
      <List size="sm">
        {error.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
    </DismissibleAlert>
  );
}

/**
 * After a Submit with for-review problems: they are shown at their fields (the first failing tab is
 * opened), and this says so, naming the tabs to fix.
 */
export function NotValidBanner({ errors }: { errors: Record<string, unknown> }) {
  const { t } = useTranslation();
  const config = useConfig();
  const failing = tabsWithErrors(errors);
  const tabs = visibleListingTabs(config.security_and_compliance_enabled).filter((key) => failing.has(key));
  return (
    <Alert color="red" role="alert" title={t('marketplace.errors.title')}>
      {t('errors.notValid', { defaultValue: LISTING_MESSAGES.notValid })}
      {tabs.length > 0 && (
        <Text size="sm" mt={4}>
          {t('marketplace.errors.failingTabs', {
            count: tabs.length,
            tabs: listOf(tabs.map((key) => t(`marketplace.tabs.${key}`))),
          })}
        </Text>
      )}
    </Alert>
  );
}
