import { describe, expect, test } from 'vitest';
import { ApiRequestError, errorText } from './api.ts';

const failure = (body: { message: string; errors: string[] }) =>
  new ApiRequestError(422, { ...body, code: 'validation_failed' });

describe('errorText (spec admin §8: the errors list, else the error message, else Error occurred)', () => {
  test('the server’s errors list, one a line', () => {
    expect(
      errorText(failure({ message: 'Validation failed', errors: ['Title is required', 'Too long'] })),
    ).toBe('Title is required\nToo long');
  });

  test('else the server’s message, else the browser’s (a request that got no answer)', () => {
    expect(errorText(failure({ message: 'Not allowed', errors: [] }))).toBe('Not allowed');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  test('else the fallback', () => {
    expect(errorText(undefined)).toBe('Error occurred');
    expect(errorText(new Error(''), 'An error occurred')).toBe('An error occurred');
  });
});
