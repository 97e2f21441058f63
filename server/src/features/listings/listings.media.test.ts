import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { LISTING_MESSAGES, LISTING_PICTURE_MAX_BYTES } from '@portal/contracts';
import jpeg from 'jpeg-js';
import { createTestApp, type TestApp, type TestClient } from '../../test/helpers.ts';
import { multipart, pngBytes } from '../../test/uploads.ts';
import { createAppAs } from '../apps/testing.ts';
import { UNEXPECTED_FILE_MESSAGE } from './listings.form.ts';
import { MEDIA_MESSAGES } from './listings.uploads.ts';
import { VIDEO_MESSAGES } from './listings.videos.ts';
import { enableMarketplace, logoPng, SHOWCASE_MP4, screenshot, uploadShowcase } from './testing.ts';

let t: TestApp;
let dataDir: string;
let owner: { client: TestClient };
let staff: { client: TestClient };
let appId: string;
let draftId: string;
before(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-media-'));
  t = await createTestApp({ dataDir });
  owner = await t.asNewUser();
  staff = await t.asNewUser({ role: 'admin' });
  appId = (await createAppAs(owner.client, 'Media App')).id;
  await enableMarketplace(t, appId);
  draftId = (
    await owner.client.post(`/api/v1/developer_apps/${appId}/submissions`, { public_name: 'Media' })
  ).json().id;
});
after(() => t.close());

type Part = Parameters<typeof multipart>[0][number];
const file = (name: string, filename: string, data: Buffer, type = 'image/png'): Part => ({
  name,
  filename,
  type,
  data,
});
const picture = (data: Buffer, filename = 'screen.png', type = 'image/png') =>
  file('submission[pictures_attributes][0][file]', filename, data, type);
const save = (parts: Part[], client = owner.client, admin = false) =>
  client.request({
    method: 'PATCH',
    url: `/api/v1${admin ? '/admin' : ''}/submissions/${draftId}`,
    ...multipart(parts),
  });
const current = async () => (await owner.client.get(`/api/v1/submissions/${draftId}`)).json();
const scratchFiles = () =>
  readdirSync(dataDir, { recursive: true }).filter((name) => String(name).endsWith('.upload'));

const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('screenshots', () => {
  test('a real PNG and a real JPEG are accepted, measured, and served back by their URL', async () => {
    const jpg = jpeg.encode({ width: 1600, height: 900, data: Buffer.alloc(1600 * 900 * 4, 200) }, 80).data;
    const res = await save([
      picture(screenshot(1280, 720)),
      file('submission[pictures_attributes][1][file]', 'photo.jpg', jpg, 'image/jpeg'),
      { name: 'submission[pictures_attributes][1][description]', value: 'The daily log' },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const [png, photo] = res.json().pictures;
    assert.deepEqual(
      [png.type, png.width, png.height, png.content_type],
      ['Picture', 1280, 720, 'image/png'],
    );
    assert.deepEqual([photo.width, photo.height, photo.content_type], [1600, 900, 'image/jpeg']);
    assert.equal(photo.description, 'The daily log');
    assert.equal(photo.original_filename, 'photo.jpg');
    const served = await owner.client.get(png.url);
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(served.rawPayload, screenshot(1280, 720));
    // A draft's files are not public.
    assert.equal((await t.client().get(png.url)).statusCode, 404);
    assert.equal((await (await t.asNewUser()).client.get(png.url)).statusCode, 404);
    assert.equal((await staff.client.get(png.url)).statusCode, 200);
    // Edit a saved picture's description, then remove it by id.
    const edited = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      pictures_attributes: [{ id: photo.id, description: 'Weather too' }],
    });
    assert.equal(edited.json().pictures[1].description, 'Weather too');
    const removed = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      remove_media_ids: [photo.id, png.id],
    });
    assert.equal(removed.json().pictures.length, 0);
    assert.equal((await owner.client.get(png.url)).statusCode, 404, 'the file went with it');
  });

  test('HTML renamed .png is refused as "Invalid file type"', async () => {
    const res = await save([picture(HTML, 'innocent.png')]);
    assert.equal(res.statusCode, 422, res.body);
    assert.deepEqual(res.json().fields, { 'pictures_attributes.0.file': [LISTING_MESSAGES.invalidFileType] });
    assert.equal((await current()).pictures.length, 0);
  });

  test('a file over the size cap is refused (413) without keeping its bytes', async () => {
    const big = Buffer.concat([screenshot(), Buffer.alloc(LISTING_PICTURE_MAX_BYTES)]);
    const res = await save([picture(big)]);
    assert.equal(res.statusCode, 413, res.body);
    assert.deepEqual(res.json().fields, {
      'pictures_attributes.0.file': [MEDIA_MESSAGES.tooLarge(LISTING_PICTURE_MAX_BYTES)],
    });
    assert.deepEqual(scratchFiles(), []);
  });

  test('screenshots outside 720x480–1920x1080 or 4:3–16:9 are refused with the rule', async () => {
    const cases: Array<[number, number, string]> = [
      [640, 480, MEDIA_MESSAGES.screenshotSize],
      [2560, 1440, MEDIA_MESSAGES.screenshotSize],
      [1000, 1000, MEDIA_MESSAGES.screenshotRatio],
      [1920, 720, MEDIA_MESSAGES.screenshotRatio],
    ];
    for (const [width, height, message] of cases) {
      const res = await save([picture(screenshot(width, height))]);
      assert.equal(res.statusCode, 422, `${width}x${height}`);
      assert.deepEqual(res.json().fields, { 'pictures_attributes.0.file': [message] }, `${width}x${height}`);
    }
    for (const [width, height] of [
      [720, 480],
      [1920, 1080],
      [1024, 768],
    ]) {
      const res = await save([picture(screenshot(width!, height!))]);
      assert.equal(res.statusCode, 200, `${width}x${height}: ${res.body}`);
    }
  });

  test('a PNG cut short is refused as damaged', async () => {
    const whole = screenshot();
    const res = await save([picture(whole.subarray(0, whole.length - 20))]);
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json().fields, { 'pictures_attributes.0.file': [MEDIA_MESSAGES.corrupt] });
  });

  test('the size is read from the header and refused before a pixel is decoded', async () => {
    // Headers that claim more than the field takes (their checksums no longer match: decoding would
    // call them damaged instead), as a screenshot and as the logo.
    const claiming = (png: Buffer, width: number, height: number) => {
      const copy = Buffer.from(png);
      copy.writeUInt32BE(width, 16);
      copy.writeUInt32BE(height, 20);
      return copy;
    };
    const shot = await save([picture(claiming(screenshot(), 8192, 8192))]);
    assert.deepEqual(shot.json().fields, { 'pictures_attributes.0.file': [MEDIA_MESSAGES.screenshotSize] });
    const logo = await save([file('submission[small_logo]', 'logo.png', claiming(logoPng(), 4096, 4096))]);
    assert.deepEqual(logo.json().fields, { small_logo: [MEDIA_MESSAGES.logoSize] });
  });
});

describe('the logo', () => {
  test('a 200x200 PNG on white is the logo; other sizes, JPEGs and coloured backgrounds are refused', async () => {
    const logo = (data: Buffer, type = 'image/png') => [
      file('submission[small_logo]', 'logo.png', data, type),
    ];
    const jpg = jpeg.encode({ width: 200, height: 200, data: Buffer.alloc(200 * 200 * 4, 255) }, 90).data;
    const refusals: Array<[Buffer, string]> = [
      [pngBytes(256, 256, { grey: 0xff }), MEDIA_MESSAGES.logoSize],
      [jpg, LISTING_MESSAGES.invalidFileType],
      [pngBytes(200, 200, { grey: 0x40 }), MEDIA_MESSAGES.logoBackground],
      [HTML, LISTING_MESSAGES.invalidFileType],
    ];
    for (const [data, message] of refusals) {
      const res = await save(logo(data));
      assert.equal(res.statusCode, 422, message);
      assert.deepEqual(res.json().fields, { small_logo: [message] });
    }
    const ok = await save(logo(logoPng()));
    assert.equal(ok.statusCode, 200, ok.body);
    const saved = ok.json();
    assert.equal(saved.small_logo.type, 'Logo');
    assert.equal(saved.small_logo_url, saved.small_logo.url);
    // A new logo replaces the old one; remove_small_logo drops it.
    const replaced = await save(logo(logoPng()));
    assert.notEqual(replaced.json().small_logo.id, saved.small_logo.id);
    assert.equal((await owner.client.get(saved.small_logo.url)).statusCode, 404);
    const removed = await owner.client.patch(`/api/v1/submissions/${draftId}`, { remove_small_logo: true });
    assert.equal(removed.json().small_logo_url, null);
  });
});

describe('the security questionnaire document (staff only)', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const doc = (data: Buffer) => [
    file(
      'submission[security_questionnaire_document_attributes][file]',
      'security.pdf',
      data,
      'application/pdf',
    ),
  ];

  test('staff upload a PDF; it is never public; developers may neither upload nor remove it', async () => {
    assert.equal((await save(doc(pdf))).statusCode, 403);
    const notPdf = await save(doc(HTML), staff.client, true);
    assert.deepEqual(notPdf.json().fields, {
      'security_questionnaire_document_attributes.file': [LISTING_MESSAGES.invalidFileType],
    });
    const res = await save(doc(pdf), staff.client, true);
    assert.equal(res.statusCode, 200, res.body);
    const document = res.json().security_questionnaire_document;
    assert.equal(document.content_type, 'application/pdf');
    const served = await owner.client.get(document.url);
    assert.equal(served.statusCode, 200);
    assert.match(String(served.headers['content-disposition']), /^attachment;/);
    const removal = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      remove_media_ids: [document.id],
    });
    assert.equal(removal.statusCode, 403);
  });
});

describe('form data', () => {
  test('bracketed fields become the listing: booleans, numbers, maps and lists', async () => {
    const res = await save([
      { name: 'submission[public_name]', value: 'Form Sync' },
      { name: 'submission[category_ids][]', value: '12' },
      { name: 'submission[category_ids][]', value: '15' },
      { name: 'submission[regions][europe]', value: 'true' },
      { name: 'submission[countries][FR]', value: 'true' },
      { name: 'submission[countries][DE]', value: 'false' },
      { name: 'submission[has_trials]', value: 'false' },
      { name: 'submission[connector_required]', value: '' },
      { name: 'submission[feature_bullets][0]', value: 'One' },
      { name: 'submission[feature_bullets][1]', value: '' },
      { name: 'submission[helpful_links][0][label]', value: 'Docs' },
      { name: 'submission[helpful_links][0][url]', value: 'https://x.example/docs' },
      { name: 'submission[security_questionnaire][has_sso_support]', value: 'true' },
      { name: 'submission[security_questionnaire][sso_providers][]', value: 'Okta' },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const saved = res.json();
    assert.equal(saved.public_name, 'Form Sync');
    assert.deepEqual(saved.category_ids, [12, 15]);
    assert.deepEqual(saved.regions, { europe: true });
    assert.deepEqual(saved.countries, { FR: true, DE: false });
    assert.equal(saved.has_trials, false);
    assert.equal(saved.connector_required, null);
    assert.deepEqual(saved.feature_bullets, ['One', null]);
    assert.deepEqual(saved.helpful_links, [{ label: 'Docs', url: 'https://x.example/docs' }]);
    assert.equal(saved.security_questionnaire.has_sso_support, true);
    assert.deepEqual(saved.security_questionnaire.sso_providers, ['Okta']);
  });

  test('unknown fields, files in other fields, prototype keys and bad types are refused at their field', async () => {
    const unknown = await save([{ name: 'submission[hacker]', value: '1' }]);
    assert.equal(unknown.statusCode, 422);
    assert.deepEqual(unknown.json().fields, { hacker: ['Unknown field'] });
    const stray = await save([file('submission[tagline]', 'x.png', screenshot())]);
    assert.deepEqual(stray.json().fields, { tagline: [UNEXPECTED_FILE_MESSAGE] });
    const proto = await save([{ name: 'submission[__proto__][polluted]', value: 'yes' }]);
    assert.ok([200, 422].includes(proto.statusCode), proto.body);
    assert.equal(({} as { polluted?: string }).polluted, undefined);
    const wrong = await save([{ name: 'submission[category_ids][]', value: 'abc' }]);
    assert.equal(wrong.statusCode, 422);
    assert.ok(wrong.json().fields['category_ids.0']);
    const nul = await save([{ name: 'submission[tagline]', value: 'a\u0000b' }]);
    assert.equal(nul.statusCode, 422);
    assert.deepEqual(scratchFiles(), []);
  });
});

describe('videos on the media host', () => {
  test('an MP4 is hosted under a hashed id, served with byte ranges, and becomes the showcase video', async () => {
    const url = await uploadShowcase(owner.client, appId);
    assert.match(url, /^\/api\/v1\/videos\/[a-f0-9]{24}$/);
    // Shown by no live listing yet: the app's people see it, nobody else.
    assert.equal((await t.client().get(url)).statusCode, 404);
    const whole = await owner.client.get(url);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'video/mp4');
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.deepEqual(whole.rawPayload, SHOWCASE_MP4);
    const part = await owner.client.get(url, { range: 'bytes=10-19' });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 10-19/${SHOWCASE_MP4.length}`);
    assert.deepEqual(part.rawPayload, SHOWCASE_MP4.subarray(10, 20));
    const res = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      showcase_video_attributes: { external_url: url, name: 'Tour' },
      videos_attributes: [{ external_url: url }],
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().showcase_video.external_url, url);
    assert.equal(res.json().showcase_video.name, 'Tour');
    assert.equal(res.json().videos.length, 1);
  });

  test('only MP4 or QuickTime by content, only the app’s own videos, only its owner, admins or staff', async () => {
    const upload = (client: TestClient, data: Buffer, filename: string, app = appId) =>
      client.request({
        method: 'POST',
        url: `/api/v1/videos?developer_app_id=${app}`,
        ...multipart([file('file', filename, data, 'video/mp4')]),
      });
    const html = await upload(owner.client, HTML, 'clip.mp4');
    assert.equal(html.statusCode, 422);
    assert.deepEqual(html.json().fields, { file: [LISTING_MESSAGES.invalidFileType] });
    assert.equal((await upload((await t.asNewUser()).client, SHOWCASE_MP4, 'a.mp4')).statusCode, 404);
    assert.equal((await upload(staff.client, SHOWCASE_MP4, 'a.mp4')).statusCode, 201);
    const other = await createAppAs(owner.client, 'Other');
    const foreign = (await upload(owner.client, SHOWCASE_MP4, 'other.mp4', other.id)).json().url;
    const refused = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      showcase_video_attributes: { external_url: foreign },
    });
    assert.deepEqual(refused.json().fields, {
      'showcase_video_attributes.external_url': [MEDIA_MESSAGES.videoUrl],
    });
    const elsewhere = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      videos_attributes: [{ external_url: 'https://evil.example/api/v1/videos/aaaaaaaaaaaaaaaaaaaaaaaa' }],
    });
    assert.deepEqual(elsewhere.json().fields, {
      'videos_attributes.0.external_url': [MEDIA_MESSAGES.videoUrl],
    });
  });

  test('the container must be whole: a prefix, or an MP4 with a page appended, is refused', async () => {
    const upload = (data: Buffer) =>
      owner.client.request({
        method: 'POST',
        url: `/api/v1/videos?developer_app_id=${appId}`,
        ...multipart([file('file', 'clip.mp4', data, 'video/mp4')]),
      });
    for (const data of [SHOWCASE_MP4.subarray(0, 100), Buffer.concat([SHOWCASE_MP4, HTML])]) {
      const res = await upload(data);
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(res.json().fields, { file: [VIDEO_MESSAGES.damaged] });
    }
    assert.deepEqual(scratchFiles(), []);
  });

  test('a URL on PUBLIC_URL (as uploads answered before) is kept relative', async () => {
    const url = await uploadShowcase(owner.client, appId);
    const res = await owner.client.patch(`/api/v1/submissions/${draftId}`, {
      showcase_video_attributes: { external_url: `${t.ctx.config.publicUrl}${url}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().showcase_video.url, url);
  });
});
