import { RuntimeConfig } from '@portal/contracts';
import { issueCsrfToken } from '../../platform/http/csrf.ts';
import type { App } from '../../platform/http/route.ts';
import { toCurrentUser } from '../auth/index.ts';

export async function configRoutes(app: App) {
  app.get(
    '/config',
    { config: { access: 'public' }, schema: { response: { 200: RuntimeConfig } } },
    async (request, reply) => {
      const { config } = app.ctx;
      return {
        platform_name: config.platformName,
        support_email: config.supportEmail,
        fedramp: config.fedramp,
        restricted_government: config.restrictedGovernment,
        security_and_compliance_enabled: config.securityQuestionnaire,
        semantic_versions: config.semanticVersions,
        reference_external_url: config.referenceExternalUrl ?? null,
        reference_external_label: config.referenceExternalLabel,
        marketplace_partner_form_url: config.marketplacePartnerFormUrl,
        marketplace_new_partner_form_url: config.marketplaceNewPartnerFormUrl,
        dev_api_base_url: config.devApiBaseUrl,
        mail_delivery: app.ctx.smtp ? ('smtp' as const) : ('outbox' as const),
        branch: config.branch,
        csrf_token: issueCsrfToken(request, reply),
        user: request.user ? toCurrentUser(request.user) : null,
      };
    },
  );
}
