// The ceilings for the hook-chain ratio: plain node:http answering what /healthz answers, nothing
// else — and, with BARE_HEADERS=1, the same server sending the portal's security headers too (the
// headers the issue keeps cost a bare server a quarter of its throughput on their own).
import { createServer } from 'node:http';
import { securityHeaders } from '../src/platform/http/security-headers.ts';

const body = JSON.stringify({ status: 'ok' });
const headers = {
  ...(process.env.BARE_HEADERS === '1' ? securityHeaders({ https: false }) : {}),
  'content-type': 'application/json; charset=utf-8',
  'content-length': Buffer.byteLength(body),
};
const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send?.({ port });
});
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
