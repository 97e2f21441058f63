/**
 * The starting manifest per schema version and the editor's snippet helpers (data connection,
 * embedded, full screen, side panel). Every template and snippet passes validation on its own
 * (manifest-validation.test.ts › examples, templates and snippets), so a developer starts from
 * something that can be saved.
 */
import {
  type JsonObject,
  MANIFEST_SCHEMA_VERSIONS,
  type ManifestSchemaVersion,
  type ManifestSnippets,
  type ManifestTemplates,
  mergeSnippet,
} from '@portal/contracts';
import { notFound } from '../../platform/errors.ts';

const SAMPLE_HOST = 'https://example.com';

/**
 * Spec developer-apps §3: templates keyed by schema version; 4.1's holds only schema_version and the
 * instructions.
 */
export const MANIFEST_TEMPLATES: ManifestTemplates = {
  '3': { schema_version: '3', components: {} },
  '4.1': {
    schema_version: '4.1',
    post_installation_instruction: {
      notes: 'Describe what a company administrator should do after installing the app.',
      page: { url: `${SAMPLE_HOST}/setup`, label: 'Setup instructions' },
    },
  },
};

const regionParameter = {
  type: 'object',
  properties: {
    region: { type: 'string', name: 'Region', description: 'Which regional instance of the app to open' },
  },
  required: ['region'],
};

const LABELS = {
  oauth: ['Data connection', 'A service account (client credentials) that calls the API on its own.'],
  iframe: ['Embedded app', 'A full-screen page with a parameter the installer fills in ({{region}}).'],
  fullscreen: ['Full screen', 'A full-screen page in the platform, opened from the Apps menu.'],
  sidepanel: ['Side panel', 'A panel beside platform screens (the views it opens on).'],
} as const;

const FRAGMENTS: Record<ManifestSchemaVersion, Record<keyof typeof LABELS, JsonObject>> = {
  '3': {
    oauth: { components: { oauth: { instances: [{ grant_type: 'client_credentials' }] } } },
    iframe: {
      components: {
        iframe: {
          instances: [
            {
              name: 'Embedded App',
              type: 'fullscreen',
              required: true,
              iframe_src: `${SAMPLE_HOST}/embedded?company={{procore.company.id}}&region={{region}}`,
              description: 'Opens the app for the current company',
              configuration: { schema: regionParameter },
            },
          ],
        },
      },
    },
    fullscreen: {
      components: {
        iframe: {
          instances: [
            {
              name: 'Full Screen App',
              type: 'fullscreen',
              required: false,
              iframe_src: `${SAMPLE_HOST}/fullscreen?company={{procore.company.id}}`,
              description: 'A full-screen page',
            },
          ],
        },
      },
    },
    sidepanel: {
      schema_version: '3.2',
      components: {
        iframe: {
          instances: [
            {
              name: 'Side Panel App',
              type: 'sidepanel',
              required: false,
              views: ['rfi.detail'],
              iframe_src: `${SAMPLE_HOST}/sidepanel?project={{procore.project.id}}`,
              description: 'A panel beside the RFI screen',
            },
          ],
        },
      },
    },
  },
  '4.1': {
    oauth: { permissions: { company: {}, project: {} } },
    iframe: {
      fullscreen: {
        source_url: `${SAMPLE_HOST}/embedded?company={{procore.company.id}}&region={{region}}`,
        description: 'Opens the app for the current company',
        user_configuration: { schema: regionParameter },
      },
    },
    fullscreen: {
      fullscreen: {
        source_url: `${SAMPLE_HOST}/fullscreen?company={{procore.company.id}}`,
        description: 'A full-screen page',
      },
    },
    sidepanel: {
      sidepanel: {
        source_url: `${SAMPLE_HOST}/sidepanel?project={{procore.project.id}}`,
        views: ['rfi.detail'],
        description: 'A panel beside the RFI screen',
      },
    },
  },
};

/**
 * The snippets of a schema version. For versions below 4 without an existing manifest, each snippet
 * is a whole manifest (the template with the component in it); otherwise a fragment to merge.
 */
export function manifestSnippets(version: string, hasExistingManifest: boolean): ManifestSnippets {
  if (!(MANIFEST_SCHEMA_VERSIONS as readonly string[]).includes(version)) throw notFound('Manifest template');
  const family = version as ManifestSchemaVersion;
  const whole = family === '3' && !hasExistingManifest;
  const snippet = (kind: keyof typeof LABELS) => {
    const fragment = FRAGMENTS[family][kind];
    return {
      label: LABELS[kind][0],
      description: LABELS[kind][1],
      content: whole ? mergeSnippet(MANIFEST_TEMPLATES[family], fragment) : structuredClone(fragment),
    };
  };
  return {
    oauth: snippet('oauth'),
    iframe: snippet('iframe'),
    fullscreen: snippet('fullscreen'),
    sidepanel: snippet('sidepanel'),
  };
}
