import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { App } from './route.ts';

export type DrainOptions = {
  /**
   * First, for this long, `/readyz` answers 503 while everything else is served as usual: a balancer
   * checking readiness stops sending new requests here before any connection is closed.
   */
  notReadyMs?: number;
  /** How long idle keep-alive connections get to send one more request before they are closed. */
  graceMs: number;
  /** When in-flight requests still running are cut off. */
  timeoutMs: number;
};

export type DrainResult = { ms: number; forced: number };

/**
 * Graceful HTTP shutdown that resets no connection. `http.Server#close()` closes idle keep-alive
 * sockets at once (Node ≥ 19), and Fastify then answers requests still arriving with 503: a client
 * that sent its next request on a socket the server was closing sees ECONNRESET. Instead, while
 * draining, every response says `Connection: close` (the client reconnects elsewhere, knowing this
 * socket is done), the listening socket stops accepting at once, and only connections that stayed
 * idle for the whole grace are closed. Call before the app is ready; run the returned function once.
 */
export function prepareDrain(app: App): (options: DrainOptions) => Promise<DrainResult> {
  let notReady = false;
  let draining = false;
  app.addHook('onRequest', (request, reply, done) => {
    if (notReady && request.url === '/readyz') return reply.status(503).send({ status: 'unavailable' });
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  return async ({ notReadyMs = 0, graceMs, timeoutMs }) => {
    const started = Date.now();
    notReady = true;
    if (notReadyMs > 0) await delay(notReadyMs);
    draining = true;
    const server = app.server;
    let closed = false;
    const allClosed = new Promise<void>((resolve) => {
      // net.Server#close (not http.Server#close): stop accepting without closing idle sockets; the
      // callback runs when the last connection has ended.
      net.Server.prototype.close.call(server, () => {
        closed = true;
        resolve();
      });
    });
    await Promise.race([allClosed, delay(graceMs)]);
    // A connection that carried no request during the grace is idle on the client's side too.
    while (!closed && Date.now() - started < notReadyMs + timeoutMs) {
      server.closeIdleConnections();
      await Promise.race([allClosed, delay(100)]);
    }
    let forced = 0;
    if (!closed) {
      forced = await new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)));
      server.closeAllConnections();
      await allClosed;
    }
    return { ms: Date.now() - started, forced };
  };
}
