import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { Submission } from '@portal/contracts';
import {
  LISTING_TABS,
  type ListingTabKey,
  tabsWithErrors,
} from '@portal/contracts/marketplace-listing-fields';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../lib/config.ts';
import { useFieldKit } from './field-kit.tsx';
import { focusFirstError } from './listing-tab-list.ts';
import { AppInformationTab } from './tabs/app-information-tab.tsx';
import { ContactTab } from './tabs/contact-tab.tsx';
import { FeaturesTab } from './tabs/features-tab.tsx';
import { LinksTab } from './tabs/links-tab.tsx';
import { type MediaActions, MediaTab } from './tabs/media-tab.tsx';
import { PricingTab } from './tabs/pricing-tab.tsx';
import { ProductToolsTab } from './tabs/product-tools-tab.tsx';
import { RequirementsTab } from './tabs/requirements-tab.tsx';
import { SecurityTab } from './tabs/security-tab.tsx';
import { SupportTab } from './tabs/support-tab.tsx';

/** The tabs of fields, each reading the form from the field kit (media also saves files at once). */
const FIELD_TABS: Record<Exclude<ListingTabKey, 'media'>, ComponentType> = {
  app_information: AppInformationTab,
  pricing: PricingTab,
  support: SupportTab,
  features: FeaturesTab,
  contact: ContactTab,
  security: SecurityTab,
  links: LinksTab,
  product_tools: ProductToolsTab,
  requirements: RequirementsTab,
};

/**
 * The listing's tabs in the spec's order; a tab with an error shown carries a red icon. Each new
 * `jumpRequest` (a Submit the rules refused) opens the first failing tab and focuses its first
 * failing field.
 */
export function ListingTabs({
  headingOrder,
  submission,
  media,
  jumpRequest,
}: {
  headingOrder: 2 | 3;
  submission: Submission | null;
  media: MediaActions;
  jumpRequest: number;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const { errors } = useFieldKit();
  const [tab, setTab] = useState<ListingTabKey>('app_information');
  const tabs = LISTING_TABS.filter((tab) => tab.key !== 'security' || config.security_and_compliance_enabled);
  const failingTabs = tabsWithErrors(errors);
  const firstFailing = tabs.find((item) => failingTabs.has(item.key))?.key;
  const panels = useRef<HTMLDivElement>(null);
  // The tab to focus a field in once it is shown (set by a jump, cleared when done).
  const [focusIn, setFocusIn] = useState<ListingTabKey | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request alone starts a jump
  useEffect(() => {
    if (!jumpRequest || !firstFailing) return;
    setTab(firstFailing);
    setFocusIn(firstFailing);
  }, [jumpRequest]);
  useEffect(() => {
    if (!focusIn || focusIn !== tab) return;
    setFocusIn(null);
    focusFirstError(panels.current);
  }, [focusIn, tab]);
  return (
    <Tabs
      ref={panels}
      value={tab}
      onChange={(next) => next && setTab(next as ListingTabKey)}
      keepMounted={false}
    >
      <Tabs.List>
        {tabs.map((item) => (
          <Tabs.Tab
            key={item.key}
            value={item.key}
            rightSection={
              failingTabs.has(item.key) ? (
                <IconAlertCircle
                  size={16}
                  color="var(--mantine-color-red-filled)"
                  aria-label={t('marketplace.tabHasErrors')}
                  role="img"
                />
              ) : null
            }
          >
            {t(`marketplace.tabs.${item.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((item) => {
        const Fields = item.key === 'media' ? null : FIELD_TABS[item.key];
        return (
          <Tabs.Panel key={item.key} value={item.key} pt="md">
            <Stack gap="xs" mb="md">
              <Title order={headingOrder} size="h4">
                {t(`marketplace.tabs.${item.key}`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`marketplace.tabDescriptions.${item.key}`)}
              </Text>
            </Stack>
            {Fields ? <Fields /> : <MediaTab submission={submission} media={media} />}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
