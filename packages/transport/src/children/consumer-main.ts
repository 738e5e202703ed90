/**
 * Consumer child: serves HTTP/1.1 and HTTP/2 (cleartext) on loopback and reads Redis streams; decodes
 * every message it gets with the format's codec. It counts its CPU time over the measured messages
 * of one exchange at a time, as the parent opens and closes them.
 */
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { PreparedCodec } from "@wirebench/codecs";
import { Redis } from "ioredis";
import { childMain, cpuNs, prepareCodecs, send } from "./child-io.ts";
import type { Exchange, ParentToChild, RoleJob } from "./protocol.ts";
import { readStream } from "./read-stream.ts";
import { h2Settings, h2WindowBytes } from "./senders.ts";

let codecs = new Map<string, PreparedCodec>();
let redisPort: number | undefined;
let redis: Redis | undefined;
/** Where each stream was left in the previous round. */
const readUpTo = new Map<string, string>();
let current: { exchange: Exchange; seen: number; cpuAt: number } | undefined;

/** Decodes one request body; the measured window's CPU clock starts after the warm-up messages. */
function consume(id: string, body: Buffer): void {
  const codec = codecs.get(id);
  if (!codec) throw new Error(`no codec ${id} here`);
  codec.decode(new Uint8Array(body));
  if (current && current.exchange.id === id && ++current.seen === current.exchange.warmup)
    current.cpuAt = cpuNs();
}

function handle(
  req: http.IncomingMessage | http2.Http2ServerRequest,
  res: http.ServerResponse | http2.Http2ServerResponse,
) {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    try {
      consume((req.url ?? "/").slice(1), Buffer.concat(chunks));
      res.writeHead(204);
    } catch (err) {
      res.writeHead(400);
      process.stderr.write(`${(err as Error).message}\n`);
    }
    res.end();
  });
}

function listen(server: http.Server | http2.Http2Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

async function start(job: RoleJob): Promise<void> {
  const prepared = await prepareCodecs(job, "consumer");
  codecs = prepared.codecs;
  redisPort = job.redisPort;
  const h1 = http.createServer({ keepAliveTimeout: 60_000 }, handle);
  const h2 = http2.createServer({ settings: h2Settings }, handle);
  h2.on("session", (session) => session.setLocalWindowSize(h2WindowBytes));
  const ports = { http1: await listen(h1), http2: await listen(h2) };
  await send({ type: "prepared", ok: [...codecs.keys()], failed: prepared.failed, ports });
}

async function onMessage(msg: ParentToChild): Promise<void> {
  if (msg.type === "begin") {
    const exchange = msg.exchange;
    current = { exchange, seen: 0, cpuAt: exchange.warmup === 0 ? cpuNs() : 0 };
    if (exchange.transport !== "broker") return send({ type: "listening" });
    const codec = codecs.get(exchange.id);
    if (!codec || redisPort === undefined || !exchange.stream) throw new Error(`cannot read ${exchange.id}`);
    if (!redis) {
      redis = new Redis({ host: "127.0.0.1", port: redisPort, lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
    }
    // Reading starts after the last entry the previous round read, so no message is missed or read twice.
    await send({ type: "listening" });
    const got = await readStream(redis, exchange, readUpTo.get(exchange.stream) ?? "0", (b) =>
      codec.decode(b),
    );
    readUpTo.set(exchange.stream, got.lastId);
    return send({ type: "received", ...got });
  }
  const c = current;
  if (!c) throw new Error("end without begin");
  current = undefined;
  await send({
    type: "received",
    latenciesNs: [],
    elapsedNs: 0,
    cpuNs: c.seen >= c.exchange.warmup ? cpuNs() - c.cpuAt : 0,
    received: Math.max(0, c.seen - c.exchange.warmup),
  });
}

childMain(start, onMessage);
