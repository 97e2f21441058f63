/**
 * One manifest of each format as ../shared/data/README.md describes it, using every part it names:
 * schema 3 with an oauth and iframe instances (a side panel, hence "3.2"), permissions and
 * post-installation instructions; schema 4.1 with fullscreen, sidepanel, permissions and
 * instructions. The tests prove both validate; the demo seed saves them.
 */

export const EXAMPLE_MANIFEST_3 = {
  schema_version: '3.2',
  components: {
    oauth: { instances: [{ grant_type: 'client_credentials' }] },
    iframe: {
      instances: [
        {
          name: 'Field Sync Dashboard',
          type: 'fullscreen',
          required: true,
          iframe_src:
            'https://fieldsync.example.com/dashboard?company={{procore.company.id}}&region={{region}}',
          description: 'Daily field reports for the whole company',
          configuration: {
            schema: {
              type: 'object',
              properties: {
                region: { type: 'string', name: 'Region', description: 'Which Field Sync region to use' },
              },
              required: ['region'],
            },
          },
        },
        {
          name: 'Field Sync RFIs',
          type: 'sidepanel',
          views: ['rfi.detail', 'change_events.all'],
          required: false,
          iframe_src: 'https://fieldsync.example.com/panel?project={{procore.project.id}}',
          description: 'Field notes beside RFIs and change events',
        },
      ],
    },
  },
  permissions: {
    company: { directory: 'readonly', admin: 'admin' },
    project: { budgeting: 'standard', rfi: 'readonly', daily_log: 'standard' },
  },
  post_installation_instruction: {
    notes: 'Choose your region, then invite your field team.',
    page: { url: 'https://fieldsync.example.com/setup', label: 'Field Sync setup guide' },
  },
};

export const EXAMPLE_MANIFEST_4_1 = {
  schema_version: '4.1',
  fullscreen: {
    source_url: 'https://punchlist.example.com/import?company={{procore.company.id}}&team={{team}}',
    description: 'Import punch lists from spreadsheets',
    user_configuration: {
      schema: {
        type: 'object',
        properties: { team: { type: 'string', name: 'Team', description: 'Your Punch List Importer team' } },
        required: ['team'],
      },
    },
  },
  sidepanel: {
    views: ['budgeting.all', 'observations.list'],
    source_url: 'https://punchlist.example.com/panel?project={{procore.project.name}}',
    description: 'Open punch items beside budgets and observations',
  },
  permissions: {
    company: { directory: 'readonly' },
    project: { punch_list: 'admin', observations: 'standard' },
  },
  post_installation_instruction: {
    notes: 'Connect a spreadsheet folder after installing.',
    page: { url: 'https://punchlist.example.com/help', label: 'Getting started' },
  },
};
