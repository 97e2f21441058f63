import assert from 'node:assert/strict';
import { test } from 'vitest';
import { fullDate, fullTimestamp, ordinal, relativeTime, shortDate } from './relative-time.ts';

const now = new Date('2026-03-10T15:30:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const rel = (ms: number) => relativeTime(ago(ms), now, 'UTC');

test('seconds up to one minute', () => {
  assert.equal(rel(0), '0 seconds ago');
  assert.equal(rel(1000), '1 second ago');
  assert.equal(rel(59_999), '59 seconds ago');
  assert.equal(relativeTime(new Date(now.getTime() + 5000), now, 'UTC'), '0 seconds ago');
});

test('minutes up to one hour', () => {
  assert.equal(rel(60_000), '1 minute ago');
  assert.equal(rel(2 * 60_000), '2 minutes ago');
  assert.equal(rel(3_599_999), '59 minutes ago');
});

test('hours up to one day', () => {
  assert.equal(rel(3_600_000), '1 hour ago');
  assert.equal(rel(23 * 3_600_000 + 3_599_999), '23 hours ago');
});

test('yesterday after one day, while the date is the previous calendar day', () => {
  assert.equal(rel(24 * 3_600_000), 'Yesterday at 3:30 pm');
  // 2026-03-09 00:00 UTC is 39.5 hours before now and still yesterday
  assert.equal(relativeTime(new Date('2026-03-09T00:00:00Z'), now, 'UTC'), 'Yesterday at 12:00 am');
  assert.equal(relativeTime(new Date('2026-03-09T12:05:00Z'), now, 'UTC'), 'Yesterday at 12:05 pm');
});

test('the full date two or more calendar days back', () => {
  assert.equal(relativeTime(new Date('2026-03-08T23:59:00Z'), now, 'UTC'), 'March 8th 2026, at 11:59 pm');
  assert.equal(relativeTime(new Date('2025-01-01T09:05:00Z'), now, 'UTC'), 'January 1st 2025, at 9:05 am');
});

test('the calendar day follows the time zone', () => {
  const lateNight = new Date('2026-03-10T02:00:00Z'); // 2026-03-09 19:00 in Los Angeles (PDT)
  const laNow = new Date('2026-03-11T03:00:00Z'); // 2026-03-10 20:00 in Los Angeles
  assert.equal(relativeTime(lateNight, laNow, 'America/Los_Angeles'), 'Yesterday at 7:00 pm');
  assert.equal(relativeTime(lateNight, laNow, 'UTC'), 'Yesterday at 2:00 am');
  const then = new Date('2026-03-09T23:30:00Z');
  const later = new Date('2026-03-11T00:30:00Z'); // 25 hours on
  assert.equal(relativeTime(then, later, 'UTC'), 'March 9th 2026, at 11:30 pm');
  assert.equal(relativeTime(then, later, 'America/Los_Angeles'), 'Yesterday at 4:30 pm');
});

test('ordinals', () => {
  const expected: Record<number, string> = {
    1: '1st',
    2: '2nd',
    3: '3rd',
    4: '4th',
    11: '11th',
    12: '12th',
    13: '13th',
    21: '21st',
    22: '22nd',
    23: '23rd',
    30: '30th',
    31: '31st',
  };
  for (const [day, text] of Object.entries(expected)) assert.equal(ordinal(Number(day)), text);
});

test('short dates are M/D/YY', () => {
  assert.equal(shortDate(new Date('2026-03-07T10:00:00Z'), 'UTC'), '3/7/26');
  assert.equal(shortDate(new Date('2009-12-25T10:00:00Z'), 'UTC'), '12/25/09');
  assert.equal(fullDate(new Date('2026-12-31T00:00:00Z'), 'UTC'), 'December 31st 2026, at 12:00 am');
});

test('fullTimestamp is MMMM Do YYYY, h:mm:ss a', () => {
  assert.equal(fullTimestamp('2026-03-03T21:05:07Z', 'UTC'), 'March 3rd 2026, 9:05:07 pm');
  assert.equal(fullTimestamp('2026-01-22T00:00:09Z', 'UTC'), 'January 22nd 2026, 12:00:09 am');
});
