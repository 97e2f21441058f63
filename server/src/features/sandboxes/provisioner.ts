import { randomInt } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { SandboxProvisioner } from '../../platform/context.ts';

export type { SandboxProvisioner };

/**
 * The provisioner `ctx.sandboxProvisioner` holds unless told otherwise (a test's own, or a
 * deployment that talks to a real platform): it only makes up a company id and URL.
 */
export function builtInProvisioner(config: Config): SandboxProvisioner {
  return {
    async provision() {
      const companyId = randomInt(100_000, 10_000_000);
      return { companyId, url: `${config.sandboxBaseUrl}/${companyId}/company/home` };
    },
  };
}
