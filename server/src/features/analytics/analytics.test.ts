import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyticsEvents } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

test('an event is stored with the user and time', async () => {
  const { user, client } = await t.asNewUser();
  const res = await client.post('/api/v1/analytics', {
    key: 'developers.my_apps.collaborators.invited',
    additional_properties: { role: 'admin' },
  });
  assert.equal(res.statusCode, 202, res.body);
  const rows = await t.ctx.db.select().from(analyticsEvents);
  const row = rows.find((r) => r.key === 'developers.my_apps.collaborators.invited');
  assert.equal(row?.userId, user.id);
  assert.deepEqual(row?.properties, { role: 'admin' });
  assert.ok(row?.createdAt instanceof Date);
});

test('anonymous events are kept without a user', async () => {
  const res = await t.client().post('/api/v1/analytics', { key: 'home.viewed' });
  assert.equal(res.statusCode, 202);
});

test('bad keys and oversize payloads are refused at the field', async () => {
  const client = t.client();
  for (const key of ['Has Spaces', '', '.leading', 'UPPER.case', 'a'.repeat(201)]) {
    const res = await client.post('/api/v1/analytics', { key });
    assert.equal(res.statusCode, 422, key);
    assert.ok(res.json().fields.key, key);
  }
  const big = await client.post('/api/v1/analytics', {
    key: 'x.big',
    additional_properties: { blob: 'y'.repeat(5000) },
  });
  assert.ok([413, 422].includes(big.statusCode));
  const wrongType = await client.post('/api/v1/analytics', { key: 'x.y', additional_properties: 'nope' });
  assert.equal(wrongType.statusCode, 422);
});
