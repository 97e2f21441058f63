import type { RuntimeConfig } from '@portal/contracts';

/**
 * The report is hidden in the FedRAMP deployment (spec admin §2, §6: no Metrics tab) and in the
 * restricted-government build (issue 24): no tab, no View Report button, no report page.
 */
export const metricsHidden = (config: Pick<RuntimeConfig, 'fedramp' | 'restricted_government'>) =>
  config.fedramp || config.restricted_government;
