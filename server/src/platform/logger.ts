import { createRequire } from 'node:module';
import pino from 'pino';
import type { MessageFormatFunc } from 'pino-pretty';

export type Logger = pino.Logger;

export type LoggerOptions = {
  /** One readable line per entry (a terminal) instead of JSON (files, log shippers). */
  pretty?: boolean;
  /** Colours in pretty output; defaults to whether the destination is a colour terminal. */
  colorize?: boolean;
  /** Where lines go; standard output (pino's own synchronous writer for JSON) by default. */
  destination?: NodeJS.WritableStream;
};

/**
 * The access log's fields (and Fastify's request id) are already in its message
 * (`GET /api/v1/me 200 3 ms`); in a terminal they would only repeat it.
 */
const PRETTY_IGNORE = 'pid,hostname,time,level,module,reqId,method,url,status,ms';

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const redact = [
    'req.headers.cookie',
    'req.headers.authorization',
    'req.headers["x-csrf-token"]',
    '*.password',
  ];
  const pretty = options.pretty
    ? prettyStream(options.destination ?? process.stdout, options.colorize)
    : undefined;
  return pino({ level, redact }, pretty ?? options.destination ?? pino.destination(1));
}

/**
 * pino-pretty's formatter called in-process (not as a worker-thread transport), so a line is on the
 * terminal before the next one is written and nothing is lost when the process exits. pino-pretty is
 * a dev dependency: without it (a production install) the logger stays JSON.
 */
function prettyStream(out: NodeJS.WritableStream, colorize?: boolean): pino.DestinationStream | undefined {
  let pinoPretty: typeof import('pino-pretty');
  try {
    pinoPretty = createRequire(import.meta.url)('pino-pretty');
  } catch {
    return undefined;
  }
  const format = pinoPretty.prettyFactory({
    colorize: colorize ?? Boolean((out as { isTTY?: boolean }).isTTY),
    // The line is built whole by `formatLine`: pino-pretty's own layout adds `[time] LEVEL:`.
    ignore: PRETTY_IGNORE,
    messageFormat: formatLine,
    customColors: 'message:reset',
    // Other fields stay on the same line as compact JSON; errors still print their stack below.
    singleLine: true,
  });
  return { write: (line: string) => out.write(format(line)) };
}

/** `12:00:01 GET /api/v1/me 200 3 ms`; the level is named only when it is not info. */
const formatLine: MessageFormatFunc = (log, messageKey, _levelLabel, { colors }) => {
  const label = pino.levels.labels[Number(log.level)] ?? 'info';
  const paint = { trace: colors.gray, debug: colors.blue, warn: colors.yellow, error: colors.red }[label];
  const level = label === 'info' ? '' : `${(paint ?? colors.bgRed)(label.toUpperCase())} `;
  const module = typeof log.module === 'string' ? `${colors.dim(`${log.module}:`)} ` : '';
  const time = colors.dim(new Date(Number(log.time)).toTimeString().slice(0, 8));
  return `${time} ${level}${module}${escapeControls(String(log[messageKey] ?? ''))}`;
};

/** A message is one line and cannot drive the terminal (escape sequences in a URL or an address). */
function escapeControls(text: string): string {
  return text.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type LevelMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made only when the request logs something. Fastify gives every request a
 * child logger carrying its id; pino's `child()` (bindings serialized through the redaction
 * stringifier, formatters rebuilt) was about a tenth of a no-database request's CPU, and at the
 * default level most requests never write a line. A call at a level that is off makes no child.
 */
export class RequestLogger {
  readonly #parent: Logger;
  readonly #bindings: pino.Bindings;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: pino.Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: LevelMethod, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.#logger()[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): pino.LevelWithSilentOrString {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: pino.LevelWithSilentOrString) {
    this.#logger().level = level;
  }
  isLevelEnabled(level: pino.LevelWithSilentOrString): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.#logger().child(bindings, options);
  }
}
