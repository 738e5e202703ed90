import http from "node:http";
import http2 from "node:http2";
import type { Socket } from "node:net";
import { Redis } from "ioredis";
import type { Exchange } from "./protocol.ts";

/** One connection of one transport: sends a message and resolves once the other side has taken it. */
export interface Sender {
  send(body: Uint8Array, encodeStart: bigint): Promise<void>;
  /** Bytes this side's sockets have written so far: what it put on the wire, headers and framing included. */
  bytesWritten(): number;
}

function refused(status: number | undefined, id: string): Error {
  return new Error(`the consumer answered ${status} to a ${id} message (it could not decode it)`);
}

/** HTTP/1.1 keep-alive: one socket, a POST per message, done when the 204 has been read. */
function http1(x: Exchange, contentType: string): Sender {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<Socket>();
  const send = (body: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request({
        agent,
        host: "127.0.0.1",
        port: x.port,
        method: "POST",
        path: `/${x.id}`,
        headers: { "content-type": contentType, "content-length": body.byteLength },
      });
      req.on("socket", (s) => sockets.add(s));
      req.on("error", reject);
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 204 ? resolve() : reject(refused(res.statusCode, x.id))));
      });
      req.end(body);
    });
  // Sockets that closed keep their count: bytesWritten stays readable after close.
  const bytesWritten = () => [...sockets].reduce((n, s) => n + s.bytesWritten, 0);
  return { send, bytesWritten };
}

/**
 * HTTP/2 flow-control windows of both sides, bytes. Node's default, 64 KiB, makes every larger
 * message wait a round trip for a WINDOW_UPDATE; servers that carry large bodies raise it (gRPC
 * sizes it to the link), and so does this run, so HTTP/2 is measured as deployed, not as defaulted.
 */
export const h2WindowBytes = 1 << 20;
export const h2Settings = { initialWindowSize: h2WindowBytes };

/** HTTP/2 over cleartext (h2c prior knowledge): one session, a stream per message. */
async function http2Sender(x: Exchange, contentType: string): Promise<Sender> {
  const session = http2.connect(`http://127.0.0.1:${x.port}`, { settings: h2Settings });
  await new Promise<void>((resolve, reject) => {
    session.once("connect", () => resolve());
    session.once("error", reject);
  });
  const socket = session.socket;
  const send = (body: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      const req = session.request({
        ":method": "POST",
        ":path": `/${x.id}`,
        "content-type": contentType,
        "content-length": body.byteLength,
      });
      req.on("error", reject);
      let status: number | undefined;
      req.on("response", (h) => {
        status = Number(h[":status"]);
      });
      req.on("end", () => (status === 204 ? resolve() : reject(refused(status, x.id))));
      req.resume();
      req.end(body);
    });
  return { send, bytesWritten: () => socket.bytesWritten };
}

/** Redis Streams: XADD of the encode-start time and the message, done when Redis has appended it. */
async function broker(x: Exchange): Promise<Sender> {
  const redis = new Redis({ host: "127.0.0.1", port: x.port, lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const stream = x.stream as string;
  return {
    send: async (body, t0) => {
      await redis.xadd(
        stream,
        "*",
        "t",
        t0.toString(),
        "m",
        Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      );
    },
    bytesWritten: () => redis.stream.bytesWritten,
  };
}

export async function openSender(x: Exchange, contentType: string): Promise<Sender> {
  if (x.transport === "http1") return http1(x, contentType);
  if (x.transport === "http2") return http2Sender(x, contentType);
  return broker(x);
}
