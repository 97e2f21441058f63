import type { OutboxMessage } from '@portal/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { frameDocument, MessageView } from './message-view.tsx';

const link = 'https://portal.example.com/confirm?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const message: OutboxMessage = {
  id: 'm1',
  to: 'someone@example.com',
  subject: 'Confirm your account',
  text: `Hello,\n\nConfirm here: ${link}.\n`,
  html: `<!doctype html><html><body><p><a href="${link}">Confirm</a></p><script>parent.pwned = 1</script></body></html>`,
  template: 'auth.confirm',
  delivery: 'outbox',
  status: 'sent',
  error: null,
  created_at: '2026-01-01T00:00:00Z',
};

test('the HTML part renders in a sandboxed frame: no scripts, links open in a new tab, URLs wrap', () => {
  render(
    <AppProviders client={createQueryClient()}>
      <MessageView message={message} />
    </AppProviders>,
  );
  const frame = screen.getByTitle('Message: Confirm your account') as HTMLIFrameElement;
  const sandbox = frame.getAttribute('sandbox')!.split(' ');
  expect(sandbox).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox']);
  expect(sandbox).not.toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');
  const doc = frame.getAttribute('srcdoc')!;
  expect(doc).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>/);
  expect(doc).toContain('overflow-wrap:anywhere');
  expect(doc).toContain(`<a href="${link}">Confirm</a>`);
});

test('the text part makes its URLs links (without the closing full stop)', async () => {
  render(
    <AppProviders client={createQueryClient()}>
      <MessageView message={message} />
    </AppProviders>,
  );
  await userEvent.click(screen.getByRole('tab', { name: 'Plain text' }));
  const anchor = screen.getByRole('link', { name: link });
  expect(anchor).toHaveAttribute('href', link);
  expect(anchor).toHaveAttribute('target', '_blank');
  expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.getByTestId('outbox-text')).toHaveTextContent(`Confirm here: ${link}.`);
});

test('a head is added where the message has none, or extended where it has one', () => {
  expect(frameDocument('<p>Hi</p>')).toMatch(
    /^<!doctype html><html><head>.*<\/head><body><p>Hi<\/p><\/body><\/html>$/,
  );
  expect(frameDocument('<html><head><title>x</title></head><body></body></html>')).toMatch(
    /^<html><head><meta charset="utf-8"><base target="_blank">.*<title>x<\/title>/,
  );
});
