import { Badge, Group, Title } from '@mantine/core';
import type { DeveloperApp } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLORS = { none: 'gray', production_pending: 'yellow', production_approved: 'green' } as const;

/** The production credentials' state as a badge: Not requested, Pending approval or Approved. */
export function ProductionStateBadge({ app }: { app: DeveloperApp }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[app.production_access]} variant="light">
      {t(`apps.production.state.${app.production_access}`)}
    </Badge>
  );
}

/** A credentials block's heading: its environment, and for production its state. */
export function CredentialsHeading({
  app,
  environment,
}: {
  app: DeveloperApp;
  environment: 'production' | 'sandbox';
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Title order={3} size="h4">
        {t(`apps.production.heading.${environment}`)}
      </Title>
      {environment === 'production' && <ProductionStateBadge app={app} />}
    </Group>
  );
}

/**
 * What the settings card's production fields read (spec developer-apps §2 Settings: app id, client type, secret):
 * the values once approved, else what happens next instead of "not available".
 */
export function useProductionValues(app: DeveloperApp) {
  const { t } = useTranslation();
  const notIssued = t(`apps.production.notIssued.${app.production_access}`);
  const kind = (confidential: boolean) =>
    confidential ? t('apps.credentials.confidential') : t('apps.credentials.public');
  if (app.production_access === 'production_approved')
    return {
      appId: app.uid ?? app.credentials?.client_id ?? notIssued,
      clientType: kind(app.confidential),
      secret: app.confidential
        ? (app.credentials?.secret_masked ?? t('apps.credentials.notShownYet'))
        : t('apps.production.noSecret'),
    };
  return {
    appId: notIssued,
    clientType:
      app.requested_confidential === null
        ? t('apps.production.typeNotChosen')
        : kind(app.requested_confidential),
    secret: notIssued,
  };
}
