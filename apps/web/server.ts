// The production web server: Next.js's request handler behind a plain Node HTTP server, for one
// reason: it records each request's TCP peer address in a header no client can set (Next.js gives
// route handlers no socket and keeps a client's own X-Forwarded-For), so rate limits can charge
// the address that really sent a request. `npm run start` runs it (through tsx, as the worker runs); `next dev` does not need it.
import { createServer } from "node:http";
import next from "next";
import { markPeerAddressHeaderWritten, peerAddressHeader } from "./src/server/services/client-address.ts";

const port = Number(process.env.PORT ?? 3000);
// Like `next start`: every interface unless WIREBENCH_HOST names one (HOSTNAME is the machine's name).
const hostname = process.env.WIREBENCH_HOST || undefined;
const app = next({ dev: false, dir: import.meta.dirname, port, ...(hostname ? { hostname } : {}) });
const handle = app.getRequestHandler();
await app.prepare();
markPeerAddressHeaderWritten();
createServer((req, res) => {
  // Always overwritten: whatever a client sent under this name is discarded.
  req.headers[peerAddressHeader] = req.socket.remoteAddress ?? "";
  void handle(req, res);
}).listen(port, hostname, () => {
  console.log(`wirebench-web: listening on http://${hostname ?? "localhost"}:${port}`);
});
