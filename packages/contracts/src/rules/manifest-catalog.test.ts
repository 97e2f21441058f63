import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  expandView,
  expandViews,
  findPermissionTool,
  isLevelAllowed,
  PERMISSION_LEVELS,
  PERMISSION_TOOLS,
  SIDEPANEL_VIEWS,
} from './manifest-catalog.ts';

// The shared reference data sits beside the checkout (../shared), or beside the worktrees' folder.
const SHARED = ['../../../../shared/data/', '../../../../../shared/data/'].map(
  (dir) => new URL(dir, import.meta.url),
);
const readShared = (name: string) => {
  for (const dir of SHARED) {
    try {
      return JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
    } catch {}
  }
  return undefined;
};

test('the catalogue is the shared reference data (when it is at hand)', (t) => {
  const tools = readShared('permission-tools.json');
  const views = readShared('sidepanel-views.json');
  if (!tools || !views) {
    t.skip('../shared/data is not beside this checkout');
    return;
  }
  assert.deepEqual(
    PERMISSION_LEVELS.map(({ id, name }) => ({ id, name })),
    tools.levels,
  );
  assert.deepEqual(PERMISSION_TOOLS.company, tools.company);
  assert.deepEqual(PERMISSION_TOOLS.project, tools.project);
  assert.deepEqual(SIDEPANEL_VIEWS, views);
});

test('levels a tool disallows', () => {
  const admin = findPermissionTool('company', 'admin')!;
  assert.deepEqual(
    (['none', 'readonly', 'standard', 'admin'] as const).map((level) => isLevelAllowed(admin, level)),
    [true, false, false, true],
  );
  assert.equal(findPermissionTool('project', 'budgeting')?.friendly_name, 'Budget');
  assert.equal(findPermissionTool('project', 'budget'), undefined);
});

test('a view ending in .all expands to every key with that prefix', () => {
  assert.deepEqual(expandView('change_events.all'), [
    'change_events.list',
    'change_events.new',
    'change_events.detail',
    'change_events.edit',
  ]);
  assert.deepEqual(expandView('commitments.work_order_contracts.all'), [
    'commitments.work_order_contracts.detail',
    'commitments.work_order_contracts.edit',
    'commitments.work_order_contracts.new',
  ]);
  assert.deepEqual(expandView('rfi.detail'), ['rfi.detail']);
  for (const unknown of ['rfi.list', 'change_event.all', '.all', 'all', 'rfi.detail.all'])
    assert.deepEqual(expandView(unknown), [], unknown);
  assert.deepEqual(expandViews(['rfi.detail', 'incidents.all', 'incidents.list', 'nope']), [
    'rfi.detail',
    'incidents.list',
    'incidents.new',
    'incidents.detail',
    'incidents.edit',
  ]);
});
