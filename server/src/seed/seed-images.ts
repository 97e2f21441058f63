/** Generated demo images (no binary assets): a listing logo and app-like screenshots, as real PNGs. */
import { PNG } from 'pngjs';

export type Rgb = [number, number, number];

function canvas(width: number, height: number, fill: Rgb, alpha = 255) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...fill, alpha], i * 4);
  const rect = (x: number, y: number, w: number, h: number, color: Rgb) => {
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(width, x + w); col++)
        png.data.set([...color, 255], (row * width + col) * 4);
  };
  return { png, rect, bytes: () => PNG.sync.write(png) };
}

export type LogoMotif = 'sync' | 'checklist';

/** Each demo app's colour: its logo (app and listing) and screenshots. */
export const FIELD_SYNC_ACCENT: Rgb = [194, 65, 12];
export const PUNCH_LIST_ACCENT: Rgb = [37, 99, 235];

/** A point of the logo (0–1 both ways, y down) and whether a shape covers it. */
type Shape = (x: number, y: number) => boolean;

const roundedSquare =
  (inset: number, radius: number): Shape =>
  (x, y) => {
    const dx = Math.max(inset + radius - x, 0, x - (1 - inset - radius));
    const dy = Math.max(inset + radius - y, 0, y - (1 - inset - radius));
    return (
      x >= inset && x <= 1 - inset && y >= inset && y <= 1 - inset && dx * dx + dy * dy <= radius * radius
    );
  };

/** A thick line from (ax, ay) to (bx, by) with round ends. */
const stroke =
  (ax: number, ay: number, bx: number, by: number, width: number): Shape =>
  (x, y) => {
    const [vx, vy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
    return (x - ax - t * vx) ** 2 + (y - ay - t * vy) ** 2 <= (width / 2) ** 2;
  };

const triangle =
  (points: Array<[number, number]>): Shape =>
  (x, y) => {
    const side = (i: number) => {
      const [ax, ay] = points[i]!;
      const [bx, by] = points[(i + 1) % 3]!;
      return Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax));
    };
    return side(0) === side(1) && side(1) === side(2);
  };

/** Two arrows chasing each other round a circle: the usual "sync" sign. */
function syncArrows(): Shape[] {
  const [cx, cy, radius, width] = [0.5, 0.5, 0.25, 0.085];
  const shapes: Shape[] = [];
  for (const start of [Math.PI * 0.15, Math.PI * 1.15]) {
    const end = start + Math.PI * 0.62;
    shapes.push((x, y) => {
      const distance = Math.hypot(x - cx, y - cy);
      let angle = Math.atan2(y - cy, x - cx) - start;
      angle = ((angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      return Math.abs(distance - radius) <= width / 2 && angle <= end - start;
    });
    // The arrowhead at the arc's end, pointing along it.
    const [ex, ey] = [cx + radius * Math.cos(end), cy + radius * Math.sin(end)];
    const [rx, ry] = [Math.cos(end), Math.sin(end)];
    const [tx, ty] = [-Math.sin(end), Math.cos(end)];
    shapes.push(
      triangle([
        [ex + rx * 0.1, ey + ry * 0.1],
        [ex - rx * 0.1, ey - ry * 0.1],
        [ex + tx * 0.12, ey + ty * 0.12],
      ]),
    );
  }
  return shapes;
}

/** Three list rows, the first two ticked. */
function checklist(): { white: Shape[]; accent: Shape[] } {
  const white: Shape[] = [];
  const accent: Shape[] = [];
  for (const [row, y] of [0.32, 0.5, 0.68].entries()) {
    white.push(roundedSquareAt(0.3, y, 0.13), stroke(0.45, y, 0.74, y, 0.07));
    if (row < 2)
      accent.push(stroke(0.26, y, 0.29, y + 0.035, 0.035), stroke(0.29, y + 0.035, 0.345, y - 0.035, 0.035));
  }
  return { white, accent };
}

function roundedSquareAt(cx: number, cy: number, size: number): Shape {
  const square = roundedSquare(0, 0.2);
  return (x, y) => {
    const [u, v] = [(x - cx) / size + 0.5, (y - cy) / size + 0.5];
    return u >= 0 && u <= 1 && v >= 0 && v <= 1 && square(u, v);
  };
}

/**
 * A square app-icon logo on a transparent background (what a listing logo must have at its corners):
 * a rounded tile in the app's colour with a white sign on it, smoothed by 4×4 samples per pixel.
 */
export function demoLogo(motif: LogoMotif, color: Rgb, size = 200): Buffer {
  const white: Rgb = [255, 255, 255];
  const marks = motif === 'sync' ? { white: syncArrows(), accent: [] } : checklist();
  const layers: Array<[Rgb, Shape[]]> = [
    [color, [roundedSquare(0.04, 0.22)]],
    [white, marks.white],
    [color, marks.accent],
  ];
  const png = new PNG({ width: size, height: size });
  const samples = 4;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const sum = [0, 0, 0];
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const [x, y] = [(col + (sx + 0.5) / samples) / size, (row + (sy + 0.5) / samples) / size];
          const top = layers.findLast(([, shapes]) => shapes.some((shape) => shape(x, y)));
          if (!top) continue;
          covered++;
          for (let i = 0; i < 3; i++) sum[i]! += top[0][i]!;
        }
      }
      const rgb = covered ? sum.map((v) => Math.round(v / covered)) : [0, 0, 0];
      png.data.set([...rgb, Math.round((covered / samples ** 2) * 255)], (row * size + col) * 4);
    }
  }
  return PNG.sync.write(png);
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
