// The ceiling for the hook-chain ratio: plain node:http answering what /healthz answers, nothing else.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send?.({ port });
});
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
