import { LISTING_TABS, type ListingTabKey } from '@portal/contracts/marketplace-listing-fields';

/** The listing's tabs a deployment shows, in order (Security & Compliance only with its flag). */
export const visibleListingTabs = (securityQuestionnaire: boolean): ListingTabKey[] =>
  LISTING_TABS.map((tab) => tab.key).filter((key) => key !== 'security' || securityQuestionnaire);

const conjunction = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** "A, B and C" (the interface is English only). */
export const listOf = (names: string[]) => conjunction.format(names);

/**
 * Focuses the first field in `root` that shows an error: an input Mantine marks `aria-invalid`, or
 * a control marked `data-invalid` (radio groups, drop zones), in document order.
 */
export function focusFirstError(root: HTMLElement | null): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  if (!field) return false;
  field.focus();
  return document.activeElement === field;
}
