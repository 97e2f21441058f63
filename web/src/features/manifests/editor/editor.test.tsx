import { contentViolationsSummary, MANIFEST_MESSAGES } from '@portal/contracts/manifest-rules';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { renderRoute } from '../../../test/render.tsx';
import { configHandler, developer, runtimeConfig, server, validationFailed } from '../../../test/server.ts';
import { bodyRows, manifest, manifestsApi, section, signedInOn } from '../testing.ts';
import { editorText, setEditorText } from './editor-test-kit.ts';
import { ManifestEditorModal } from './manifest-editor-modal.tsx';

async function openEditor() {
  renderRoute('/developer_apps/a1');
  const card = await section();
  await userEvent.click(await within(card).findByRole('button', { name: 'Create New Version' }));
  return screen.findByRole('dialog', { name: 'New Sandbox manifest version' });
}

const createButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Create' });

/** The editor of an app's first version, once its draft has passed validation (Create enabled). */
async function openPassingEditor() {
  signedInOn();
  const api = manifestsApi([]);
  const dialog = await openEditor();
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  return { api, dialog };
}

test('a first version starts from the highest template with the suggested version; Create waits for a pass', async () => {
  signedInOn();
  const api = manifestsApi([]);
  const dialog = await openEditor();
  expect(within(dialog).getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.1.0');
  expect(await editorText()).toBe('{\n  "schema_version": "4.1"\n}');
  expect(within(dialog).getByRole('combobox', { name: 'Schema version' })).toHaveValue('4.1');
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  const [validation] = api.callsTo('POST', '/manifest_validations');
  expect(validation?.search.get('developer_app_id')).toBe('a1');
  expect(validation?.search.get('environment_type')).toBe('Sandbox');
  expect(validation?.body).toEqual({ manifest: { content: { schema_version: '4.1' } } });
});

test('the next version starts from the newest one; snippets merge into it', async () => {
  signedInOn();
  const newest = manifest({ semantic_version: '0.4.0', content: { schema_version: '3', components: {} } });
  const api = manifestsApi([newest]);
  const dialog = await openEditor();
  expect(within(dialog).getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.5.0');
  expect(JSON.parse(await editorText())).toEqual(newest.content);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Data connection' }));
  await waitFor(async () =>
    expect(JSON.parse(await editorText())).toEqual({
      schema_version: '3',
      components: { oauth: { instances: [{ grant_type: 'client_credentials' }] } },
    }),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Embedded' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /Full screen/ }));
  await waitFor(async () =>
    expect(JSON.parse(await editorText()).components.iframe.instances).toEqual([
      { name: 'fullscreen', type: 'fullscreen', iframe_src: 'https://example.com/app/fullscreen' },
    ]),
  );
  // The draft holds a manifest, so schema 3 snippets come as fragments.
  const asked = api.calls.filter((call) => call.path.endsWith('/snippets'));
  expect(asked.every((call) => call.search.get('has_existing_manifest') === 'true')).toBe(true);
});

test('one violation is listed with its pointer; several collapse to a count with Show and Hide', async () => {
  signedInOn();
  manifestsApi([], {
    validate: (content) =>
      content.fullscreen
        ? [
            { pointer: '/fullscreen/source_url', message: MANIFEST_MESSAGES.componentUrlHttps },
            { pointer: '/fullscreen/views', message: 'must not be empty' },
          ]
        : content.sidepanel
          ? [{ pointer: '/sidepanel/source_url', message: MANIFEST_MESSAGES.componentUrlHttps }]
          : [],
  });
  const dialog = await openEditor();
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());

  await setEditorText('{"schema_version": "4.1", "sidepanel": {"source_url": "http://x"}}');
  // Until the pause in typing has passed and the server answered, the draft has not passed.
  expect(createButton(dialog)).toBeDisabled();
  const one = await within(dialog).findByRole('alert');
  expect(one).toHaveTextContent(`/sidepanel/source_url ${MANIFEST_MESSAGES.componentUrlHttps}`);
  expect(createButton(dialog)).toBeDisabled();

  await setEditorText('{"schema_version": "4.1", "fullscreen": {"source_url": "http://x"}}');
  const summary = await within(dialog).findByText(contentViolationsSummary(2), { exact: false });
  expect(within(dialog).queryByText('must not be empty')).toBeNull();
  await userEvent.click(within(summary).getByRole('button', { name: 'Show' }));
  expect(await within(dialog).findByText('must not be empty')).toBeVisible();
  await userEvent.click(within(summary).getByRole('button', { name: 'Hide' }));
  await waitFor(() => expect(within(dialog).queryByText('must not be empty')).toBeNull());
  expect(createButton(dialog)).toBeDisabled();
});

test('unreadable JSON is the editor’s to report: no validation call, Create disabled', async () => {
  const { api, dialog } = await openPassingEditor();
  const before = api.callsTo('POST', '/manifest_validations').length;
  await setEditorText('{"schema_version": ');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(MANIFEST_MESSAGES.invalidJson);
  expect(createButton(dialog)).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Data connection' })).toBeDisabled();
  expect(api.callsTo('POST', '/manifest_validations')).toHaveLength(before);
  // The schema select keeps the version the draft was last read as (4.1), not the default 3.
  expect(within(dialog).getByRole('combobox', { name: 'Schema version' })).toHaveValue('4.1');
  await setEditorText('{"schema_version": "3", "components": {}}');
  await waitFor(() =>
    expect(within(dialog).getByRole('combobox', { name: 'Schema version' })).toHaveValue('3'),
  );
  await setEditorText('{"schema_version": "3", "compo');
  expect(within(dialog).getByRole('combobox', { name: 'Schema version' })).toHaveValue('3');
});

test('a validation call the server refuses shows its message under an Error title', async () => {
  signedInOn();
  manifestsApi([]);
  server.use(
    http.post('/api/v1/manifest_validations', () =>
      validationFailed({ message: 'The manifest nests deeper than 32 levels', errors: [] }),
    ),
  );
  const dialog = await openEditor();
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('Error');
  expect(alert).toHaveTextContent('The manifest nests deeper than 32 levels');
  expect(createButton(dialog)).toBeDisabled();
});

test('Create sends the draft and semantic version, toasts, and the new version heads the table', async () => {
  const { api, dialog } = await openPassingEditor();
  await userEvent.click(createButton(dialog));
  expect(await screen.findByText('New sandbox manifest version created')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(api.callsTo('POST', '/app_versions')[0]?.body).toEqual({
    app_version: {
      developer_app_id: 'a1',
      environment_type: 'Sandbox',
      manifest: { content: { schema_version: '4.1' } },
      semantic_version: '0.1.0',
    },
  });
  const table = await screen.findByRole('table', { name: 'Sandbox manifests' });
  expect(bodyRows(table)[0]).toHaveTextContent('0.1.0');
  expect(await screen.findByTestId('manifest-status')).toHaveTextContent('Ready for Testing');
});

test('the semantic version is checked here and by the server; a refused create shows the reason', async () => {
  signedInOn();
  manifestsApi([]);
  let answer = 'semantic';
  server.use(
    http.post('/api/v1/app_versions', () =>
      answer === 'semantic'
        ? validationFailed({
            message: 'Invalid',
            errors: ['Semantic version must be greater than 0.1.0'],
            fields: { 'app_version.semantic_version': ['Semantic version must be greater than 0.1.0'] },
          })
        : HttpResponse.json(
            { message: MANIFEST_MESSAGES.sandboxRequired, errors: [], code: 'conflict' },
            { status: 409 },
          ),
    ),
  );
  const dialog = await openEditor();
  const version = within(dialog).getByRole('textbox', { name: /Semantic version/ });
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  await userEvent.clear(version);
  expect(await within(dialog).findByText(MANIFEST_MESSAGES.semanticVersionRequired)).toBeInTheDocument();
  expect(createButton(dialog)).toBeDisabled();
  await userEvent.type(version, '1.0');
  expect(await within(dialog).findByText(MANIFEST_MESSAGES.semanticVersionFormat)).toBeInTheDocument();
  await userEvent.type(version, '.0');
  await userEvent.click(createButton(dialog));
  expect(await within(dialog).findByText('Semantic version must be greater than 0.1.0')).toBeInTheDocument();

  answer = 'conflict';
  await userEvent.clear(version);
  await userEvent.type(version, '1.1.0');
  await userEvent.click(createButton(dialog));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(MANIFEST_MESSAGES.sandboxRequired);
});

test('Cancel discards the draft: the next opening starts from the newest version again', async () => {
  signedInOn();
  manifestsApi([manifest({ content: { schema_version: '3', components: {} } })]);
  const dialog = await openEditor();
  await setEditorText('{"schema_version": "3", "components": {}, "edited": true}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await userEvent.click(screen.getByRole('button', { name: 'Create New Version' }));
  await screen.findByRole('dialog', { name: 'New Sandbox manifest version' });
  expect(JSON.parse(await editorText())).toEqual({ schema_version: '3', components: {} });
});

test('switching the schema version replaces an edited draft only once confirmed', async () => {
  signedInOn();
  manifestsApi([]);
  const dialog = await openEditor();
  await setEditorText('{"schema_version": "4.1", "edited": true}');
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Schema version' }));
  await userEvent.click(await within(dialog).findByRole('option', { name: '3' }));
  const confirm = await within(dialog).findByRole('alert');
  expect(confirm).toHaveTextContent('Start over from the schema 3 template?');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
  expect(JSON.parse(await editorText())).toEqual({ schema_version: '4.1', edited: true });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Schema version' }));
  await userEvent.click(await within(dialog).findByRole('option', { name: '3' }));
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Replace draft' }));
  await waitFor(async () =>
    expect(JSON.parse(await editorText())).toEqual({ schema_version: '3', components: {} }),
  );
});

test('the permission builder needs a passing draft with a service account, and writes permissions', async () => {
  signedInOn();
  manifestsApi([manifest({ content: { schema_version: '3', components: {} } })]);
  const dialog = await openEditor();
  const permissions = within(dialog).getByRole('button', { name: 'Permissions' });
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  // Schema 3 without a client-credentials component: no permissions to set.
  expect(permissions).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Data connection' }));
  await waitFor(() => expect(permissions).toBeEnabled());

  await userEvent.click(permissions);
  const builder = await screen.findByRole('dialog', { name: 'Permissions' });
  const names = () =>
    bodyRows(within(builder).getByRole('table')).map(
      (row) => within(row).getAllByRole('cell')[0]?.textContent,
    );
  expect(names().slice(0, 3)).toEqual(['Account Onboarding', 'Admin', 'App Management']);
  const toolHeader = within(builder).getByRole('columnheader', { name: /Tool/ });
  expect(toolHeader).toHaveAttribute('aria-sort', 'ascending');
  await userEvent.click(within(toolHeader).getByRole('button'));
  expect(toolHeader).toHaveAttribute('aria-sort', 'descending');
  expect(names()[0]).toBe('Timesheets');
  for (const level of ['None', 'Read-Only', 'Standard', 'Admin'])
    expect(within(builder).getByRole('columnheader', { name: level })).toHaveStyle({ width: '20%' });
  // Company Admin allows neither Read-Only nor Standard.
  expect(within(builder).getByRole('radio', { name: 'Admin: Read-Only' })).toBeDisabled();
  expect(within(builder).getByRole('radio', { name: 'Admin: Standard' })).toBeDisabled();
  expect(within(builder).getByRole('radio', { name: 'Admin: None' })).toBeChecked();
  await userEvent.click(within(builder).getByRole('radio', { name: 'Directory: Read-Only' }));
  await userEvent.click(within(builder).getByRole('tab', { name: 'Project' }));
  await userEvent.click(within(builder).getByRole('radio', { name: 'RFIs: Admin' }));
  await userEvent.click(within(builder).getByRole('button', { name: 'Save permissions' }));
  await waitFor(async () =>
    expect(JSON.parse(await editorText()).permissions).toEqual({
      company: { directory: 'readonly' },
      project: { rfi: 'admin' },
    }),
  );
  // The changed draft is validated again before anything else can be done with it.
  expect(permissions).toBeDisabled();
  await waitFor(() => expect(permissions).toBeEnabled());
  await userEvent.click(permissions);
  const reopened = await screen.findByRole('dialog', { name: 'Permissions' });
  expect(within(reopened).getByRole('radio', { name: 'Directory: Read-Only' })).toBeChecked();
});

test('a first sandbox version with an OAuth component shows the "Sandbox manifest created" banner', async () => {
  signedInOn();
  manifestsApi([]);
  const dialog = await openEditor();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Data connection' }));
  await waitFor(async () => expect(JSON.parse(await editorText()).permissions).toBeDefined());
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  await userEvent.click(createButton(dialog));
  const card = await section();
  const banner = await within(card).findByRole('alert', { name: 'Sandbox manifest created' });
  await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() =>
    expect(within(card).queryByRole('alert', { name: 'Sandbox manifest created' })).toBeNull(),
  );
});

test('a first sandbox version without an OAuth component shows no banner (schema 4.1 included)', async () => {
  signedInOn();
  manifestsApi([]);
  const dialog = await openEditor();
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  await userEvent.click(createButton(dialog));
  expect(await screen.findByText('New sandbox manifest version created')).toBeInTheDocument();
  const card = await section();
  await waitFor(() => expect(bodyRows(within(card).getByRole('table'))).toHaveLength(1));
  expect(within(card).queryByText('Sandbox manifest created')).toBeNull();
});

test('without semantic versions: no semantic version input, and Create sends none', async () => {
  signedInOn();
  server.use(configHandler(runtimeConfig({ user: developer, semantic_versions: false })));
  const api = manifestsApi([]);
  const dialog = await openEditor();
  expect(within(dialog).queryByRole('textbox', { name: /Semantic version/ })).toBeNull();
  await waitFor(() => expect(createButton(dialog)).toBeEnabled());
  await userEvent.click(createButton(dialog));
  expect(await screen.findByText('New sandbox manifest version created')).toBeInTheDocument();
  expect(api.callsTo('POST', '/app_versions')[0]?.body).toMatchObject({
    app_version: { semantic_version: null },
  });
});

test('FedRAMP offers no side panel snippet', async () => {
  signedInOn();
  server.use(configHandler(runtimeConfig({ user: developer, fedramp: true })));
  manifestsApi([]);
  render(
    <AppProviders client={createQueryClient()}>
      <ManifestEditorModal
        opened
        onClose={() => {}}
        appId="a1"
        environment="Production"
        initialContent={null}
        semanticVersion={{ enabled: true, suggested: '0.1.0' }}
      />
    </AppProviders>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'New Production manifest version' });
  const snippets = await within(dialog).findByRole('group', { name: 'Add a component' });
  expect(within(snippets).getByRole('button', { name: 'Data connection' })).toBeInTheDocument();
  expect(within(snippets).getByRole('button', { name: 'Embedded' })).toBeInTheDocument();
  expect(within(snippets).queryByRole('button', { name: 'Side panel' })).toBeNull();
});
