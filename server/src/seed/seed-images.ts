/** Generated demo images (no binary assets): a listing logo and app-like screenshots, as real PNGs. */
import { PNG } from 'pngjs';

type Rgb = [number, number, number];

function canvas(width: number, height: number, fill: Rgb, alpha = 255) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...fill, alpha], i * 4);
  const rect = (x: number, y: number, w: number, h: number, color: Rgb) => {
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(width, x + w); col++)
        png.data.set([...color, 255], (row * width + col) * 4);
  };
  const circle = (cx: number, cy: number, r: number, color: Rgb) => {
    for (let row = cy - r; row <= cy + r; row++)
      for (let col = cx - r; col <= cx + r; col++)
        if ((row - cy) ** 2 + (col - cx) ** 2 <= r * r && row >= 0 && col >= 0 && row < height && col < width)
          png.data.set([...color, 255], (row * width + col) * 4);
  };
  return { png, rect, circle, bytes: () => PNG.sync.write(png) };
}

/** A 200×200 logo on a transparent background: a coloured disc with a white bar. */
export function demoLogo(color: Rgb): Buffer {
  const c = canvas(200, 200, [255, 255, 255], 0);
  c.circle(100, 100, 80, color);
  c.rect(60, 90, 80, 20, [255, 255, 255]);
  return c.bytes();
}

/** A 1280×720 screenshot of an imagined app: top bar, side navigation, a few cards. */
export function demoScreenshot(accent: Rgb, variant: number): Buffer {
  const c = canvas(1280, 720, [246, 247, 249]);
  c.rect(0, 0, 1280, 64, accent);
  c.rect(0, 64, 220, 656, [255, 255, 255]);
  for (let i = 0; i < 6; i++) c.rect(24, 96 + i * 48, 170, 20, i === variant ? accent : [226, 228, 233]);
  for (let i = 0; i < 3 + variant; i++) {
    const x = 252 + (i % 3) * 336;
    const y = 96 + Math.floor(i / 3) * 220;
    c.rect(x, y, 312, 196, [255, 255, 255]);
    c.rect(x + 20, y + 20, 180, 18, [60, 64, 72]);
    c.rect(
      x + 20,
      y + 56,
      272,
      110,
      i % 2 ? [226, 228, 233] : (accent.map((v) => Math.min(255, v + 90)) as Rgb),
    );
  }
  return c.bytes();
}
