// The baseline: a bare node:http server answering every request with the same bytes and headers.
import { createServer } from 'node:http';

process.once('message', ({ body, headers }) => {
  const bytes = Buffer.from(body, 'base64');
  const head = { ...headers, 'content-length': bytes.length };
  createServer((_req, res) => {
    res.writeHead(200, head);
    res.end(bytes);
  }).listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
});
