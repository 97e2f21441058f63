// Logo uploads for the faults suite, built from the server tests' own fixtures.
import { multipart, pngBytes } from '../../src/test/uploads.ts';

/** A valid PNG whose pixels are random, so every upload has distinct bytes. */
export const randomPng = (width: number, height: number) => pngBytes(width, height, { noise: true });

/** A multipart body carrying one logo as `developer_app[thumbnail]`. */
export function logoForm(png: Buffer): { body: Buffer; contentType: string } {
  const form = multipart([
    { name: 'developer_app[thumbnail]', filename: 'logo.png', type: 'image/png', data: png },
  ]);
  return { body: form.payload, contentType: form.headers['content-type'] };
}
