import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import {
  chooseChildIdentity,
  createWorkDir,
  type DatasetFile,
  defaultLimits,
  type Limits,
  type RegistryEntry,
} from "@wirebench/codecs";
import type { FormatTransport, TransportRun } from "@wirebench/contracts/result";
import type { Dataset } from "@wirebench/schemas";
import { Redis } from "ioredis";
import { type Relay, startRelay } from "../link/paced-relay.ts";
import type { LinkSpec } from "../link/parse-link.ts";
import {
  defaultTransportSettings,
  quickTransportSettings,
  type TransportKind,
  type TransportSettings,
} from "../settings.ts";
import { chooseLink } from "./choose-link.ts";
import { measureExchange } from "./measure-exchange.ts";
import { defaultRedisUrl, redisProblem, redisTarget } from "./redis-target.ts";
import { RoleProcess } from "./role-process.ts";

export interface TransportOptions {
  transports: TransportKind[];
  /** Emulated link; loopback as is when absent. */
  link?: LinkSpec;
  quick?: boolean;
  settings?: Partial<TransportSettings>;
  limits?: Partial<Limits>;
  /** The broker's Redis. Default REDIS_URL, else redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** Prefix of the run's stream keys (tests give their own). Default `wirebench:transport:<random>`. */
  streamPrefix?: string;
  onProgress?: (line: string) => void;
}

export interface TransportOutcome {
  run: TransportRun;
  /** Per registry id: what each transport measured, or why it could not. */
  byId: Map<string, FormatTransport>;
}

/**
 * Measures each format over each transport: one consumer child (HTTP/1.1 and HTTP/2 servers, Redis
 * stream reader) and one producer child, both prepared once for every format; formats and transports
 * then take turns, one exchange at a time, so no two exchanges share the machine. An exchange that
 * fails (a child died or overran a limit) fails alone: both children are started again for the next.
 */
export async function runTransports(
  dataset: Dataset | DatasetFile,
  entries: RegistryEntry[],
  opts: TransportOptions,
): Promise<TransportOutcome> {
  const s = { ...(opts.quick ? quickTransportSettings : defaultTransportSettings), ...opts.settings };
  if (!(s.messages >= 1 && s.messages <= s.maxMessages))
    throw new Error(`transport messages must be 1 to ${s.maxMessages} (maxMessages), not ${s.messages}`);
  const limits: Limits = { ...defaultLimits, ...opts.limits };
  const link = chooseLink(opts.link);
  const { identity } = chooseChildIdentity(limits.childUser);
  const workDir = createWorkDir(identity, "wirebench-transport-");
  const datasetPath = "path" in dataset ? dataset.path : join(workDir, "dataset.v8");
  if (!("path" in dataset)) writeFileSync(datasetPath, serialize(dataset));
  const redisUrl = opts.redisUrl ?? process.env.REDIS_URL ?? defaultRedisUrl;
  const prefix = opts.streamPrefix ?? `wirebench:transport:${randomBytes(6).toString("hex")}`;
  const relays: Relay[] = [];
  const streams: string[] = [];
  const byId = new Map<string, FormatTransport>(entries.map((e) => [e.id, {}]));
  const say = opts.onProgress ?? (() => undefined);
  let children: { producer: RoleProcess; consumer: RoleProcess; ok: Set<string> } | undefined;
  const brokerProblem = opts.transports.includes("broker") ? await redisProblem(redisUrl) : undefined;
  const transports = brokerProblem ? opts.transports.filter((t) => t !== "broker") : opts.transports;
  if (brokerProblem) for (const t of byId.values()) t.broker = { error: brokerProblem };
  const broker = transports.includes("broker") ? redisTarget(redisUrl) : undefined;
  const brokerRelay = broker ? await startRelay(broker) : undefined;
  if (brokerRelay) relays.push(brokerRelay);

  const start = async () => {
    const job = { entries, datasetPath, workDir, ...(brokerRelay ? { redisPort: brokerRelay.port } : {}) };
    const consumer = new RoleProcess("consumer", job, limits, identity);
    const producer = new RoleProcess("producer", job, limits, identity);
    const limit = "the transport preparation limit (prepareTimeoutMs)";
    const [c, p] = await Promise.all([
      consumer.next("prepared", s.prepareTimeoutMs, limit),
      producer.next("prepared", s.prepareTimeoutMs, limit),
    ]);
    for (const [id, error] of Object.entries({ ...p.failed, ...c.failed }))
      for (const t of transports) (byId.get(id) as FormatTransport)[t] = { error };
    return { producer, consumer, ports: c.ports, ok: new Set(c.ok.filter((id) => p.ok.includes(id))) };
  };
  const stop = () => {
    children?.producer.kill();
    children?.consumer.kill();
    children = undefined;
  };

  try {
    let ports: { http1: number; http2: number } | undefined;
    for (const t of transports) {
      let producerPort: number | undefined;
      for (const entry of entries) {
        if (!children) {
          say("preparing producer and consumer");
          const started = await start();
          children = started;
          ports = started.ports;
          producerPort = undefined;
        }
        if (!children.ok.has(entry.id)) continue;
        if (producerPort === undefined) {
          const target =
            t === "broker"
              ? (broker as NonNullable<typeof broker>)
              : { host: "127.0.0.1", port: ports?.[t] ?? 0 };
          const direct = !opts.link && t !== "broker";
          const relay = direct ? undefined : await startRelay(target, opts.link);
          if (relay) relays.push(relay);
          producerPort = relay?.port ?? target.port;
        }
        const stream = `${prefix}:${t}:${entry.id}`;
        if (t === "broker") streams.push(stream);
        say(`${t} ${entry.id}`);
        const exchange = {
          transport: t,
          id: entry.id,
          warmup: s.warmupMessages,
          messages: s.messages,
          port: producerPort,
          ...(t === "broker" ? { stream } : {}),
        };
        try {
          (byId.get(entry.id) as FormatTransport)[t] = await measureExchange(
            children,
            exchange,
            s.formatTimeoutMs,
          );
        } catch (err) {
          (byId.get(entry.id) as FormatTransport)[t] = { error: (err as Error).message };
          // Either child may be dead, killed or mid-exchange: the next format starts from fresh ones.
          stop();
        }
      }
    }
  } finally {
    stop();
    await Promise.all(relays.map((r) => r.close()));
    if (streams.length > 0) await dropStreams(redisUrl, streams);
    rmSync(workDir, { recursive: true, force: true });
  }
  return {
    run: { link, transports: opts.transports, messages: s.messages, warmupMessages: s.warmupMessages },
    byId,
  };
}

/** The run's streams hold every message it sent: gone when the run ends. */
async function dropStreams(url: string, keys: string[]): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.del(...keys);
  } catch {
    // Redis went away: nothing to clean, and the run's figures are already taken.
  } finally {
    redis.disconnect();
  }
}
