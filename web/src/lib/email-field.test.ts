import { expect, test } from 'vitest';
import { emailFieldError } from './email-field.ts';

const messages = { required: 'Email is required', invalid: 'Enter a valid email address' };

test('an empty e-mail field is required, a malformed one invalid, a good one fine', () => {
  expect(emailFieldError('', messages)).toBe('Email is required');
  expect(emailFieldError('   ', messages)).toBe('Email is required');
  expect(emailFieldError('pat@', messages)).toBe('Enter a valid email address');
  expect(emailFieldError('pat @example.com', messages)).toBe('Enter a valid email address');
  expect(emailFieldError(' pat@example.com ', messages)).toBeNull();
});
