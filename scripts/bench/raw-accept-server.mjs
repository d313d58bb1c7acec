// The ingestion baseline: a bare node:http server that reads the body and answers 202 with a fixed JSON.
import { createServer } from 'node:http';

const body = Buffer.from(JSON.stringify({ data: { accepted: 10 } }));
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(202, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
