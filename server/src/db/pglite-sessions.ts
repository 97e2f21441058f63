import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A PostgreSQL wire-protocol server over one PGlite instance, for node-postgres pools.
 *
 * PGlite is a single backend: every connection shares one session. So that a pool of several
 * connections behaves like PostgreSQL, one connection at a time owns the backend, from its first
 * message until the backend is idle again (ReadyForQuery with status 'I'): a whole transaction, or a
 * whole Parse/Bind/Execute/Sync batch, never interleaves with another connection's. Waiting
 * connections queue in order. @electric-sql/pglite-socket queues single messages instead, and in
 * 0.2.17 drops a connection when one closes while another is opening — see docs/decisions.md.
 *
 * Named prepared statements are per connection, as on PostgreSQL: each connection's names are
 * prefixed in the messages that carry one (Parse, Bind, Describe, Close), so two connections may
 * prepare the same name, and a connection's statements are deallocated when it goes.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const ROLLBACK = query('rollback');
/** Messages after which the backend answers ReadyForQuery: Query, Sync, and the startup packet. */
const CYCLE_ENDS = new Set([0x51, 0x53, 0]);

type Session = {
  socket: net.Socket;
  /** Bytes received that do not yet form a whole message. */
  partial: Buffer;
  greeted: boolean;
  /** Whole messages waiting for this session's turn. */
  queue: Buffer[];
  closed: boolean;
  /** The prefix of its statement names in the shared backend, and the names it has prepared. */
  prefix: string;
  statements: Set<string>;
};

export type SessionServer = { close(): Promise<void> };

export async function serveSessions(db: PGlite, socketPath: string): Promise<SessionServer> {
  const waiting: Session[] = [];
  const sessions = new Set<Session>();
  let owner: Session | undefined;
  let pumping: Promise<void> | undefined;
  let connections = 0;

  /**
   * Runs messages in one call into PGlite; answers the transaction status if the backend ended
   * with ReadyForQuery. Writes reach the file system at the end of a cycle, as PGlite's own query()
   * does: syncing after every message made each query three times slower.
   */
  const run = async (messages: Buffer, session?: Session, endsCycle = true): Promise<string | undefined> => {
    let tail = Buffer.alloc(0);
    await db.execProtocolRawStream(messages, {
      syncToFs: endsCycle,
      onRawData: (data) => {
        if (session && !session.closed) session.socket.write(Buffer.from(data));
        tail = Buffer.concat([tail, data]).subarray(-6);
      },
    });
    const endsReady = tail.length === 6 && tail[0] === 0x5a && tail.readInt32BE(1) === 5;
    return endsReady ? String.fromCharCode(tail[5]!) : undefined;
  };

  const pump = async () => {
    for (;;) {
      owner ??= waiting.shift();
      if (!owner) return;
      const session = owner;
      if (session.closed) {
        // It left, maybe holding the backend: end its batch and its transaction for the next one,
        // then drop its statements (one Query each: a name whose Parse failed does not stop the rest).
        if ((await run(SYNC)) !== 'I') await run(ROLLBACK);
        if (session.statements.size)
          await run(
            Buffer.concat(
              [...session.statements].map((name) => query(`deallocate "${name.replaceAll('"', '""')}"`)),
            ),
          );
        owner = undefined;
        continue;
      }
      // Everything up to the next Query or Sync goes in one call (a pooled query is five messages).
      const end = session.queue.findIndex((message) => CYCLE_ENDS.has(message[0]!));
      const batch = session.queue.splice(0, end < 0 ? session.queue.length : end + 1);
      if (!batch.length) return; // mid-transaction, waiting for the client's next statement
      const status = await run(Buffer.concat(batch), session, end >= 0);
      if (end >= 0 && status === 'I') {
        owner = undefined;
        if (session.queue.length) waiting.push(session);
      }
    }
  };

  const kick = () => {
    pumping ??= pump().finally(() => {
      pumping = undefined;
      if (owner?.queue.length || owner?.closed || (!owner && waiting.length)) kick();
    });
  };

  const close = (session: Session) => {
    if (session.closed) return;
    session.closed = true;
    session.queue.length = 0;
    sessions.delete(session);
    const index = waiting.indexOf(session);
    if (index >= 0) waiting.splice(index, 1);
    session.socket.destroy();
    // Its turn comes again only to be cleaned up: its transaction if it owns the backend, its statements.
    if (owner !== session && session.statements.size) waiting.push(session);
    if (owner === session || session.statements.size) kick();
  };

  const receive = (session: Session, chunk: Buffer) => {
    let buffer = session.partial.length ? Buffer.concat([session.partial, chunk]) : chunk;
    for (;;) {
      let length: number;
      if (!session.greeted) {
        // The first message has no type byte: a startup packet, or a request for TLS or to cancel.
        if (buffer.length < 8 || buffer.length < buffer.readInt32BE(0)) break;
        length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          session.socket.write('N');
          buffer = buffer.subarray(length);
          continue;
        }
        if (code === CANCEL_REQUEST) return close(session); // nothing to signal in a single backend
        session.greeted = true;
      } else {
        if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) break;
        length = 1 + buffer.readInt32BE(1);
        if (buffer[0] === 0x58 /* Terminate */) return close(session);
      }
      // A startup packet's first byte is its length's high byte, 0: CYCLE_ENDS reads that as startup.
      session.queue.push(withOwnStatementName(session, Buffer.from(buffer.subarray(0, length))));
      buffer = buffer.subarray(length);
    }
    session.partial = Buffer.from(buffer);
    if (session.queue.length && owner !== session && !waiting.includes(session)) waiting.push(session);
    kick();
  };

  const server = net.createServer((socket) => {
    connections += 1;
    const session: Session = {
      socket,
      partial: Buffer.alloc(0),
      greeted: false,
      queue: [],
      closed: false,
      prefix: `c${connections}_`,
      statements: new Set(),
    };
    sessions.add(session);
    socket.on('data', (chunk) => receive(session, chunk));
    socket.on('close', () => close(session));
    socket.on('error', () => close(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });

  return {
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const session of sessions) close(session);
      await closed;
      while (pumping) await pumping;
    },
  };
}

const PARSE = 0x50;
const BIND = 0x42;
const DESCRIBE = 0x44;
const CLOSE = 0x43;

/**
 * The message with its prepared statement's name (if it names one) prefixed with the session's:
 * Parse names it first, Bind after the portal's name, Describe and Close after an 'S'. The unnamed
 * statement (an empty name) is left alone: it lives only until the next Parse, as on PostgreSQL.
 */
function withOwnStatementName(session: Session, message: Buffer): Buffer {
  const type = message[0];
  let at: number;
  if (type === PARSE) at = 5;
  else if (type === BIND) at = message.indexOf(0, 5) + 1;
  else if ((type === DESCRIBE || type === CLOSE) && message[5] === 0x53) at = 6;
  else return message;
  const end = message.indexOf(0, at);
  if (end <= at) return message;
  const name = `${session.prefix}${message.toString('utf8', at, end)}`;
  if (type === PARSE) session.statements.add(name);
  if (type === CLOSE) session.statements.delete(name);
  const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(name), message.subarray(end)]);
  renamed.writeInt32BE(renamed.length - 1, 1);
  return renamed;
}

function query(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header[0] = 0x51;
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
