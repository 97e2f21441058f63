import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG of the given size (8-bit greyscale): grey everywhere, or — with `square` — white with a
 * square of that grey in the middle (a logo on a white background, or a screenshot).
 */
export function pngBytes(width: number, height: number, { grey = 0x80, square = false } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, square ? 0xff : grey);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  if (square) {
    const [top, left] = [Math.floor(height / 4), Math.floor(width / 4)];
    for (let y = top; y < height - top; y++)
      for (let x = left; x < width - left; x++) rows[y * (width + 1) + 1 + x] = grey;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
