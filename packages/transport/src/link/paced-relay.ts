import net from "node:net";
import { performance } from "node:perf_hooks";
import { transferMs } from "@wirebench/contracts/cost-model";
import type { LinkSpec } from "./parse-link.ts";

export interface RelayTarget {
  host: string;
  port: number;
  /**
   * Sent upstream before the client's bytes, its one-line reply swallowed: Redis `AUTH`, so the
   * sandboxed children that talk to Redis through the relay never hold its password.
   */
  preamble?: Buffer;
}

export interface Relay {
  /** Loopback port the relay listens on. */
  port: number;
  close(): Promise<void>;
}

/**
 * Largest piece the emulated link delivers at once (about a TSO burst): a 64 KB read is released
 * piece by piece as its bytes would arrive, not all at once after its last byte's time.
 */
const pieceBytes = 16 * 1024;

/**
 * One direction of an emulated link: bytes leave in order at `bandwidthMbps` (a piece waits for the
 * ones before it, as on a serial line) and arrive half the round trip later. Timers only ever fire
 * late, by about a millisecond, which is small beside the delays emulated.
 */
function pace(src: net.Socket, dst: net.Socket, link: LinkSpec, first?: Buffer): void {
  const queue: { at: number; piece: Buffer }[] = [];
  let freeAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const flush = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length > 0 && (queue[0]?.at ?? 0) <= now + 0.2) dst.write(queue.shift()?.piece as Buffer);
    if (queue.length > 0) timer = setTimeout(flush, Math.max(0, (queue[0]?.at ?? now) - now));
    else if (ended) dst.end();
  };
  const onData = (data: Buffer) => {
    for (let at = 0; at < data.length; at += pieceBytes) {
      const piece = data.subarray(at, at + pieceBytes);
      freeAt = Math.max(performance.now(), freeAt) + transferMs(piece.length, link.bandwidthMbps);
      queue.push({ at: freeAt + link.rttMs / 2, piece });
    }
    timer ??= setTimeout(flush, Math.max(0, (queue[0]?.at ?? 0) - performance.now()));
  };
  if (first && first.length > 0) onData(first);
  src.on("data", onData);
  src.on("end", () => {
    ended = true;
    if (queue.length === 0 && !timer) dst.end();
  });
}

/**
 * Swallows the reply line to the preamble, then lets everything through. An error reply closes the
 * upstream and so the client (runTransports checks the credentials first, to name the cause).
 */
function afterPreamble(upstream: net.Socket, onRest: (rest: Buffer) => void): void {
  let seen = Buffer.alloc(0);
  const onData = (data: Buffer) => {
    seen = Buffer.concat([seen, data]);
    const eol = seen.indexOf("\r\n");
    if (eol < 0) return;
    upstream.off("data", onData);
    if (seen[0] === 0x2d) {
      upstream.destroy();
      return;
    }
    onRest(seen.subarray(eol + 2));
  };
  upstream.on("data", onData);
}

/**
 * A TCP relay on loopback to `target`: a plain pipe without `link`, otherwise an emulated link
 * (latency and bandwidth, each direction) — the fallback where `tc netem` is not available.
 */
export function startRelay(target: RelayTarget, link?: LinkSpec): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    }
    client.on("error", () => upstream.destroy());
    upstream.on("error", (err) => client.destroy(err));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    const connectDown = (rest: Buffer) => {
      if (link) pace(upstream, client, link, rest);
      else {
        if (rest.length > 0) client.write(rest);
        upstream.pipe(client);
      }
    };
    if (link) pace(client, upstream, link);
    else client.pipe(upstream);
    if (target.preamble) {
      upstream.write(target.preamble);
      afterPreamble(upstream, connectDown);
    } else connectDown(Buffer.alloc(0));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
