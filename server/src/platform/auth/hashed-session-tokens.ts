import type { DBAdapter, DBAdapterInstance, DBTransactionAdapter, Where } from 'better-auth/types';
import { hashSecret } from '../secrets.ts';

/** A session token as it rests in `sessions.token`: its sha256, hex. */
export const hashSessionToken = (token: string): string => hashSecret(token);

type Row = Record<string, unknown> | null;
type AnyAdapter = DBAdapter | DBTransactionAdapter;

const patched = new WeakSet<object>();

/**
 * better-auth stores each session's token as it is, and finds a session by comparing the cookie's
 * token with that column; it has no option to hash it. This wraps its database adapter so the
 * session table only ever holds sha256(token): writes hash the token, every lookup by token hashes
 * the value first, and rows read back by token carry the token they were looked up with, so
 * better-auth (which re-signs and refreshes the cookie from the row) sees what it stored. A row read
 * any other way (a user's sessions, by user id or session id) carries only the hash, which opens
 * nothing: signing it as a cookie finds no session. Revoking by session or user id is unaffected.
 */
export function hashSessionTokens(factory: DBAdapterInstance): DBAdapterInstance {
  return (options) => patch(factory(options));
}

function patch<A extends AnyAdapter>(adapter: A): A {
  if (patched.has(adapter)) return adapter;
  const base = { ...adapter };
  const isSession = (model: string) => model === 'session';
  // The adapter object itself is patched (not copied): better-auth keys per-adapter state on it.
  Object.assign(adapter, {
    async create(args: Parameters<DBAdapter['create']>[0]) {
      if (!isSession(args.model)) return base.create(args);
      const token = (args.data as { token?: unknown }).token;
      if (typeof token !== 'string') return base.create(args);
      const row = (await base.create({
        ...args,
        data: { ...args.data, token: hashSessionToken(token) },
      })) as Row;
      return row ? { ...row, token } : row;
    },
    async findOne(args: Parameters<DBAdapter['findOne']>[0]) {
      if (!isSession(args.model)) return base.findOne(args);
      const tokens = new Map<string, string>();
      return restore((await base.findOne({ ...args, where: hashWhere(args.where, tokens) })) as Row, tokens);
    },
    async findMany(args: Parameters<DBAdapter['findMany']>[0]) {
      if (!isSession(args.model)) return base.findMany(args);
      const tokens = new Map<string, string>();
      const rows = (await base.findMany({ ...args, where: hashWhere(args.where, tokens) })) as Row[];
      return rows.map((row) => restore(row, tokens));
    },
    async update(args: Parameters<DBAdapter['update']>[0]) {
      if (!isSession(args.model)) return base.update(args);
      const tokens = new Map<string, string>();
      const update = hashUpdate(args.update, tokens);
      return restore(
        (await base.update({ ...args, where: hashWhere(args.where, tokens), update })) as Row,
        tokens,
      );
    },
    ...Object.fromEntries(
      (['count', 'updateMany', 'delete', 'deleteMany', 'consumeOne', 'incrementOne'] as const).map(
        (method) => [
          method,
          (args: { model: string; where?: Where[]; update?: Record<string, unknown> }) => {
            const call = base[method] as (input: typeof args) => Promise<unknown>;
            if (!isSession(args.model)) return call(args);
            const tokens = new Map<string, string>();
            return call({
              ...args,
              where: hashWhere(args.where, tokens),
              ...(args.update ? { update: hashUpdate(args.update, tokens) } : {}),
            });
          },
        ],
      ),
    ),
    ...('transaction' in base
      ? {
          transaction: <R>(callback: (trx: DBTransactionAdapter) => Promise<R>) =>
            base.transaction((trx) => callback(patch(trx))),
        }
      : {}),
  });
  patched.add(adapter);
  return adapter;
}

function hashWhere<W extends Where[] | undefined>(where: W, tokens: Map<string, string>): W {
  const hash = (value: unknown) => {
    if (typeof value !== 'string') return value;
    const hashed = hashSessionToken(value);
    tokens.set(hashed, value);
    return hashed;
  };
  return where?.map((clause) =>
    clause.field === 'token'
      ? {
          ...clause,
          value: (Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value)) as never,
        }
      : clause,
  ) as W;
}

function hashUpdate(update: Record<string, unknown>, tokens: Map<string, string>): Record<string, unknown> {
  if (typeof update.token !== 'string') return update;
  const hashed = hashSessionToken(update.token);
  tokens.set(hashed, update.token);
  return { ...update, token: hashed };
}

/** A row read back by its token carries that token again (better-auth re-signs it into the cookie). */
function restore(row: Row, tokens: Map<string, string>): Row {
  if (!row || typeof row.token !== 'string') return row;
  const token = tokens.get(row.token);
  return token ? { ...row, token } : row;
}
