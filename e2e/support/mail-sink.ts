// A real SMTP server (smtp-server) that keeps every message it receives and lists them over HTTP,
// so tests in any worker can wait for an e-mail.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT } from './env.ts';

type Received = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  raw: string;
  received_at: string;
};
const messages: Received[] = [];

/** Undoes quoted-printable soft breaks and escapes, enough to read links and text. */
function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The text/plain part, decoded by its own Content-Transfer-Encoding. Parts end at the MIME boundary
 * itself, not at any line starting with "--" (a body line may, e.g. an XSS payload `--><script>`).
 */
function textPart(raw: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /Content-Type: text\/plain/i.test(p)) ?? raw;
  const [, headers = '', body = part] = /^([\s\S]*?)\r?\n\r?\n([\s\S]*)$/.exec(part) ?? [];
  const content = boundary ? body.replace(/\r?\n$/, '') : body;
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(content, 'base64').toString('utf8');
  return /Content-Transfer-Encoding: quoted-printable/i.test(headers)
    ? decodeQuotedPrintable(content)
    : content;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, ' ').trim() : '';
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        subject: header(raw, 'Subject'),
        text: textPart(raw),
        raw,
        received_at: new Date().toISOString(),
      });
      callback();
    });
  },
});
smtp.listen(MAIL_SINK_SMTP_PORT, '127.0.0.1');

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  if (url.pathname === '/health') return res.end('ok');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  }
  res.statusCode = 404;
  res.end();
}).listen(MAIL_SINK_HTTP_PORT, '127.0.0.1');
