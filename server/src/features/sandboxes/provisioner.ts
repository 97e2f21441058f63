import { randomInt } from 'node:crypto';
import type { Config } from '../../config.ts';

/** Builds the sandbox company on the platform. The built-in one only makes up an id and URL. */
export type SandboxProvisioner = {
  provision(input: { developerAppId: string; appName: string }): Promise<{ companyId: number; url: string }>;
};

export function builtInProvisioner(config: Config): SandboxProvisioner {
  return {
    async provision() {
      const companyId = randomInt(100_000, 10_000_000);
      return { companyId, url: `${config.sandboxBaseUrl}/${companyId}/company/home` };
    },
  };
}

let override: SandboxProvisioner | null = null;

/** Swaps the provisioner (tests, or a deployment that talks to a real platform). */
export function useSandboxProvisioner(provisioner: SandboxProvisioner | null): void {
  override = provisioner;
}

export function currentProvisioner(config: Config): SandboxProvisioner {
  return override ?? builtInProvisioner(config);
}
