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
};

export type SessionServer = { close(): Promise<void> };

export async function serveSessions(db: PGlite, socketPath: string): Promise<SessionServer> {
  const waiting: Session[] = [];
  const sessions = new Set<Session>();
  let owner: Session | undefined;
  let pumping: Promise<void> | undefined;

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
        // It left holding the backend: end its batch and its transaction for the next one.
        if ((await run(SYNC)) !== 'I') await run(ROLLBACK);
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
    if (owner === session) kick();
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
      session.queue.push(Buffer.from(buffer.subarray(0, length)));
      buffer = buffer.subarray(length);
    }
    session.partial = Buffer.from(buffer);
    if (session.queue.length && owner !== session && !waiting.includes(session)) waiting.push(session);
    kick();
  };

  const server = net.createServer((socket) => {
    const session: Session = { socket, partial: Buffer.alloc(0), greeted: false, queue: [], closed: false };
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

function query(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header[0] = 0x51;
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
