import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom lays everything out at 0 x 0: in each test of the file, recharts' responsive container gets
 * a size (800 wide, `height` high), so the chart draws (and does not warn that it cannot).
 */
export function sizeChartContainers(height = 280) {
  beforeEach(() => {
    const measure = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container')
        ? new DOMRect(0, 0, 800, height)
        : measure.call(this);
    });
  });
  afterEach(() => vi.restoreAllMocks());
}
