import type { CreatedManifest, Manifest } from '@portal/contracts';
import type { Configured } from '@portal/contracts/configured-manifest';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { appsKeys } from '../../lib/query-keys.ts';
import { manifestsKeys } from '../manifests/index.ts';

export type CreateConfiguredInput = {
  configured: Configured;
  /** Empty: the server assigns the suggested next one. */
  semanticVersion: string;
  /**
   * The form's allow-empty flag (spec developer-apps §5): the server then accepts a version with nothing in
   * it.
   */
  allowEmpty: boolean;
};

/**
 * `POST /app_versioned_manifests` with configured_manifest_content: the server writes the schema 4.1
 * manifest with the shared mapping. A new sandbox version; every manifest list of the app refreshes.
 */
export function useCreateConfiguredVersion(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      configured,
      semanticVersion,
      allowEmpty,
    }: CreateConfiguredInput): Promise<Manifest> => {
      const created = await api<CreatedManifest>('/app_versioned_manifests', {
        method: 'POST',
        body: {
          developer_app_id: appId,
          environment_type: 'Sandbox',
          configured_manifest_content: configured,
          allow_empty: allowEmpty,
          semantic_version: semanticVersion.trim() || null,
        },
      });
      return created.manifest;
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: manifestsKeys.app(appId) }),
        client.invalidateQueries({ queryKey: appsKeys.detail(appId) }),
      ]),
  });
}
