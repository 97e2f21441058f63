import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { Submission } from '@portal/contracts';
import {
  LISTING_TABS,
  type ListingTabKey,
  tabsWithErrors,
} from '@portal/contracts/marketplace-listing-fields';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../lib/config.ts';
import { useFieldKit } from './field-kit.tsx';
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

/** The listing's tabs in the spec's order; a tab with an error shown carries a red icon. */
export function ListingTabs({
  headingOrder,
  submission,
  media,
}: {
  headingOrder: 2 | 3;
  submission: Submission | null;
  media: MediaActions;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const { errors } = useFieldKit();
  const [tab, setTab] = useState<ListingTabKey>('app_information');
  const tabs = LISTING_TABS.filter((tab) => tab.key !== 'security' || config.security_questionnaire);
  const failingTabs = tabsWithErrors(errors);
  return (
    <Tabs value={tab} onChange={(next) => next && setTab(next as ListingTabKey)} keepMounted={false}>
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
