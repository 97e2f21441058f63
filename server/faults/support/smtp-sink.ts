// A real SMTP server (smtp-server) the faults suite can take down and bring back on the same port,
// and slow down, keeping every message it accepted.
import { SMTPServer } from 'smtp-server';

export type SinkMessage = { messageId: string; to: string[]; subject: string; at: number };

export type SmtpSink = {
  url: string;
  /** Every message accepted, in order; the same e-mail twice if a client sent it twice. */
  messages: SinkMessage[];
  /** Listens (again). */
  start(): Promise<void>;
  /** Goes down: stops accepting at once and ends open sessions with 421 (as an MTA shutting down). */
  stop(): Promise<void>;
};

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/**
 * `holdMs` holds each message after its data arrived before answering 250: the message is the
 * sink's by then (it is recorded), but the sender does not know yet, the window in which a sender
 * that dies sends it again.
 */
export function createSmtpSink(port: number, { holdMs = 0 } = {}): SmtpSink {
  const messages: SinkMessage[] = [];
  let server: SMTPServer | undefined;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async start() {
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        closeTimeout: 100,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            messages.push({
              messageId: header(raw, 'Message-ID'),
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: header(raw, 'Subject'),
              at: Date.now(),
            });
            setTimeout(() => callback(), holdMs);
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(port, '127.0.0.1', () => resolve());
      });
      smtp.on('error', () => {}); // a client that vanished mid-session
      server = smtp;
    },
    async stop() {
      const smtp = server;
      server = undefined;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** How many times each Message-ID arrived. */
export function countByMessageId(messages: SinkMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) counts.set(message.messageId, (counts.get(message.messageId) ?? 0) + 1);
  return counts;
}
