import { expect, test } from 'vitest';
import { returnPath, withReturn } from './return-path.ts';

test('the way back is the current page, or the next an auth page already carries', () => {
  expect(returnPath({ pathname: '/invitations/abc', search: '' })).toBe('/invitations/abc');
  expect(returnPath({ pathname: '/notifications', search: '?page=2' })).toBe('/notifications?page=2');
  expect(returnPath({ pathname: '/', search: '' })).toBeNull();
  expect(returnPath({ pathname: '/login', search: '?next=%2Finvitations%2Fabc' })).toBe('/invitations/abc');
  expect(returnPath({ pathname: '/sign_up', search: '' })).toBeNull();
  expect(returnPath({ pathname: '/login', search: '?next=//evil.example' })).toBeNull();
  expect(returnPath({ pathname: '/login', search: '?next=https://evil.example' })).toBeNull();
  expect(withReturn('/sign_up', '/invitations/abc')).toBe('/sign_up?next=%2Finvitations%2Fabc');
  expect(withReturn('/login', null)).toBe('/login');
});
