import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import type { OutboxMessage } from '@portal/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What the HTML part needs to read well in the frame: links open in a new tab (the frame itself
 * may not navigate) and long URLs wrap instead of running past the edge.
 */
const FRAME_HEAD =
  '<meta charset="utf-8"><base target="_blank">' +
  '<style>html,body{overflow-wrap:anywhere;word-break:break-word}body{margin:12px}</style>';

/** The message's HTML with FRAME_HEAD at the start of its head (made when it has none). */
export function frameDocument(html: string): string {
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${FRAME_HEAD}`);
  if (/<html[^>]*>/i.test(html))
    return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${FRAME_HEAD}</head>`);
  return `<!doctype html><html><head>${FRAME_HEAD}</head><body>${html}</body></html>`;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Plain text with its http(s) URLs as links that open in a new tab. */
export function LinkifiedText({ text }: { text: string }) {
  // Each piece keyed by where it starts in the text.
  const parts: Array<{ at: number; text: string; link: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    // A sentence's closing punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    if (match.index > last) parts.push({ at: last, text: text.slice(last, match.index), link: false });
    parts.push({ at: match.index, text: url, link: true });
    last = match.index + url.length;
  }
  parts.push({ at: last, text: text.slice(last), link: false });
  return (
    <Text
      component="pre"
      data-testid="outbox-text"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', margin: 0 }}
    >
      {parts.map((part) =>
        part.link ? (
          <Anchor key={part.at} href={part.text} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </Text>
  );
}

/**
 * One e-mail as it arrives: the HTML part in a sandboxed frame (no scripts, no same-origin access;
 * links may open a new tab), and the text part with its links clickable.
 */
export function MessageView({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('outbox.to')}: {message.to}
      </Text>
      <Text size="sm" c="dimmed">
        {t('outbox.template')}: {message.template}
      </Text>
      <Tabs defaultValue={message.html ? 'html' : 'text'}>
        <Tabs.List>
          {message.html && <Tabs.Tab value="html">{t('outbox.html')}</Tabs.Tab>}
          <Tabs.Tab value="text">{t('outbox.text')}</Tabs.Tab>
        </Tabs.List>
        {message.html && (
          <Tabs.Panel value="html" pt="sm">
            <iframe
              title={t('outbox.htmlFrame', { subject: message.subject })}
              srcDoc={frameDocument(message.html)}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              referrerPolicy="no-referrer"
              style={{
                width: '100%',
                height: 'min(60vh, 520px)',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="text" pt="sm">
          <LinkifiedText text={message.text} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
