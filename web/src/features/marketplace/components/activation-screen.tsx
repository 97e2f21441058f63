import { Alert, Anchor, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DeveloperApp } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDate } from '../../../components/list-date.ts';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { useRequestMarketplaceAccess } from '../../apps/index.ts';

/**
 * Until the marketplace is enabled for the app (spec developer-apps §2 "Listing-activation screen"): the
 * way forward from the portal itself (issue 22) — the owner or an app admin asks staff, and the tab says
 * the request is pending — then the two cards, current partner and not yet a partner, each linking to
 * its external form.
 */
export function ActivationScreen({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const config = useConfig();
  const cards = [
    { key: 'partner', url: config.marketplace_partner_form_url },
    { key: 'newPartner', url: config.marketplace_new_partner_form_url },
  ] as const;
  return (
    <Stack>
      <Text>{t('marketplace.activation.intro')}</Text>
      <AccessRequest app={app} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {cards.map((card) => (
          <Card key={card.key} withBorder padding="lg">
            <Stack gap="xs">
              <Title order={3} size="h4">
                {t(`marketplace.activation.${card.key}.title`)}
              </Title>
              <Text size="sm">{t(`marketplace.activation.${card.key}.body`)}</Text>
              <Anchor href={card.url} target="_blank" rel="noopener noreferrer">
                {t(`marketplace.activation.${card.key}.link`)}
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The request: pending (since when, and what happens next), the button, or who may ask. */
function AccessRequest({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  const request = useRequestMarketplaceAccess(app.id);
  const [error, setError] = useState<string | null>(null);
  if (app.marketplace_access_requested_at)
    return (
      <Alert color="blue" role="status" title={t('marketplace.activation.pendingTitle')}>
        {t('marketplace.activation.pendingBody', { date: listDate(app.marketplace_access_requested_at) })}
      </Alert>
    );
  if (app.role === 'developer') return <Text size="sm">{t('marketplace.activation.askManager')}</Text>;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h4">
          {t('marketplace.activation.request.title')}
        </Title>
        <Text size="sm">{t('marketplace.activation.request.body')}</Text>
        {error && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Button
          loading={request.isPending}
          onClick={() =>
            request.mutate(undefined, { onError: (e) => setError(errorsJoined(e, t('errors.generic'))) })
          }
        >
          {t('marketplace.activation.request.button')}
        </Button>
      </Stack>
    </Card>
  );
}
