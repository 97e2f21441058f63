import type { within } from '@testing-library/react';
import { expect } from 'vitest';

/** Asserts that `scope` (the screen, or `within` an element) holds a link named `name` going to `href`. */
export function expectLink(
  scope: Pick<ReturnType<typeof within>, 'getByRole'>,
  name: string | RegExp,
  href: string,
) {
  expect(scope.getByRole('link', { name })).toHaveAttribute('href', href);
}
