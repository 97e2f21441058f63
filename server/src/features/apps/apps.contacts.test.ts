import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.ts';
import { addMember, createAppAs } from './testing.ts';

const t = useTestApp();

describe('contacts', () => {
  test('each contact has an id and an edit link; editing one changes only it', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const url = `/api/v1/developer_apps/${app.id}`;
    const saved = await client.patch(url, {
      developer_app: {
        contacts: [
          { name: 'Pat', email: 'pat@example.com' },
          { name: 'Lee', email: 'lee@example.com' },
        ],
      },
    });
    const [pat, lee] = saved.json().contacts;
    assert.notEqual(pat.id, lee.id);

    const res = await client.patch(`${url}/contacts/${lee.id}`, {
      name: 'Lee Ray',
      email: 'lee.ray@example.com',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      id: lee.id,
      name: 'Lee Ray',
      email: 'lee.ray@example.com',
      links: { edit: `/developer_apps/${app.id}/contacts/${lee.id}/edit` },
    });
    const onlyEmail = await client.patch(`${url}/contacts/${pat.id}`, { email: 'pat@new.example.com' });
    assert.equal(onlyEmail.json().name, 'Pat');
    assert.deepEqual(
      (await client.get(url)).json().contacts.map((c: { id: string; email: string }) => [c.id, c.email]),
      [
        [pat.id, 'pat@new.example.com'],
        [lee.id, 'lee.ray@example.com'],
      ],
    );

    // Saving the list keeps the ids it names (once); an unknown or repeated id becomes a new contact.
    const unknown = '00000000-0000-4000-8000-000000000000';
    const relisted = await client.patch(url, {
      developer_app: {
        contacts: [
          { id: lee.id, name: 'Lee Ray', email: 'lee.ray@example.com' },
          { id: lee.id, name: 'Lee Copy', email: 'copy@example.com' },
          { id: unknown, name: 'New', email: 'new@example.com' },
        ],
      },
    });
    const ids = relisted.json().contacts.map((c: { id: string }) => c.id);
    assert.equal(ids[0], lee.id);
    assert.equal(new Set(ids).size, 3);
    assert.ok(!ids.includes(unknown) && !ids.includes(pat.id));
  });

  test('migration 0008 gives contacts saved before it ids, in their order', async () => {
    const { client } = await t.asNewUser();
    const app = await createAppAs(client);
    const before = [
      { name: 'One', email: 'one@example.com' },
      { name: 'Two', email: 'two@example.com' },
    ];
    await t.ctx.db.execute(
      sql`update developer_apps set contacts = ${JSON.stringify(before)}::jsonb where id = ${app.id}`,
    );
    const migration = readFileSync(
      new URL('../../db/migrations/0008_contact_ids.sql', import.meta.url),
      'utf8',
    );
    await t.ctx.db.execute(sql.raw(migration));
    const contacts = (await client.get(`/api/v1/developer_apps/${app.id}`)).json().contacts;
    assert.deepEqual(
      contacts.map((c: { name: string }) => c.name),
      ['One', 'Two'],
    );
    for (const contact of contacts) assert.match(contact.id, /^[0-9a-f-]{36}$/);
  });

  test('bad edits: unknown contact 404, bad fields 422, developers 403, strangers 404', async () => {
    const owner = await t.asNewUser();
    const app = await createAppAs(owner.client);
    const url = `/api/v1/developer_apps/${app.id}`;
    const [contact] = (
      await owner.client.patch(url, { contacts: [{ name: 'Pat', email: 'pat@example.com' }] })
    ).json().contacts;
    const contactUrl = `${url}/contacts/${contact.id}`;
    assert.equal((await owner.client.patch(`${url}/contacts/nope`, { name: 'X' })).statusCode, 404);
    const badEmail = await owner.client.patch(contactUrl, { email: 'not an address' });
    assert.equal(badEmail.statusCode, 422);
    assert.ok(badEmail.json().fields.email);
    assert.equal((await owner.client.patch(contactUrl, {})).statusCode, 422);
    assert.equal((await owner.client.patch(contactUrl, { name: '   ' })).statusCode, 422);
    assert.equal((await owner.client.patch(contactUrl, { name: 'A', id: 'x' })).statusCode, 422);

    const dev = await t.asNewUser();
    await addMember(t, app.id, dev.user.id, 'developer');
    assert.equal((await dev.client.patch(contactUrl, { name: 'Dev' })).statusCode, 403);
    const stranger = await t.asNewUser();
    assert.equal((await stranger.client.patch(contactUrl, { name: 'Stranger' })).statusCode, 404);
    assert.equal((await owner.client.get(url)).json().contacts[0].name, 'Pat');
  });
});
