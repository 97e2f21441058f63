import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SHOWCASE_MP4 } from '../../features/listings/testing.ts';
import { isWholeMovie } from './mp4-container.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'mp4-'));
let n = 0;
async function whole(bytes: Buffer, requireFtyp = true) {
  const file = path.join(dir, `${n++}.mp4`);
  writeFileSync(file, bytes);
  return isWholeMovie(file, { requireFtyp });
}

const box = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
// The sample's boxes: ftyp (32 bytes), moov (2,747), free (8), mdat (the rest).
const FTYP = SHOWCASE_MP4.subarray(0, 32);
const MOOV = SHOWCASE_MP4.subarray(32, 32 + 2747);
const MDAT = SHOWCASE_MP4.subarray(32 + 2747 + 8);

test('a whole MP4 passes, with a 32-bit, 64-bit or to-the-end size on its media data', async () => {
  assert.equal(await whole(SHOWCASE_MP4), true);
  const largesize = Buffer.alloc(16);
  largesize.writeUInt32BE(1);
  largesize.write('mdat', 4, 'latin1');
  largesize.writeBigUInt64BE(BigInt(MDAT.length + 8), 8);
  assert.equal(await whole(Buffer.concat([FTYP, MOOV, largesize, MDAT.subarray(8)])), true);
  const toTheEnd = Buffer.from(MDAT);
  toTheEnd.writeUInt32BE(0);
  assert.equal(await whole(Buffer.concat([FTYP, MOOV, toTheEnd])), true);
  // QuickTime may go without ftyp (an MP4 may not).
  assert.equal(await whole(Buffer.concat([MOOV, MDAT]), false), true);
  assert.equal(await whole(Buffer.concat([MOOV, MDAT]), true), false);
});

test('a file cut short or with anything appended is refused', async () => {
  assert.equal(await whole(SHOWCASE_MP4.subarray(0, 100)), false, 'a 100-byte prefix');
  assert.equal(await whole(SHOWCASE_MP4.subarray(0, SHOWCASE_MP4.length - 1)), false, 'one byte short');
  const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  assert.equal(await whole(Buffer.concat([SHOWCASE_MP4, html])), false, 'HTML appended');
  assert.equal(await whole(Buffer.concat([SHOWCASE_MP4, Buffer.alloc(7)])), false, 'a stub of a box');
  assert.equal(
    await whole(Buffer.concat([SHOWCASE_MP4, box('x\u0000y\u0001')])),
    false,
    'a box with no name',
  );
});

test('the movie needs its parts: ftyp first, one moov with a header and a track, media data', async () => {
  assert.equal(await whole(Buffer.concat([FTYP, MDAT])), false, 'no moov');
  assert.equal(await whole(Buffer.concat([FTYP, MOOV])), false, 'no mdat');
  assert.equal(await whole(Buffer.concat([FTYP, MOOV, MOOV, MDAT])), false, 'two moov');
  assert.equal(await whole(Buffer.concat([MOOV, FTYP, MDAT])), false, 'ftyp not first');
  assert.equal(await whole(Buffer.concat([FTYP, box('moov', box('free')), MDAT])), false, 'an empty moov');
  const junk = Buffer.concat([FTYP, box('moov', Buffer.alloc(40, 0xff)), MDAT]);
  assert.equal(await whole(junk), false, 'a moov of junk');
  assert.equal(await whole(Buffer.alloc(0)), false, 'nothing at all');
});
