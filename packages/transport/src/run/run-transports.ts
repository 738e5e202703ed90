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
import type { LinkSpec } from "../link/parse-link.ts";
import {
  defaultTransportSettings,
  quickTransportSettings,
  type TransportKind,
  type TransportSettings,
} from "../settings.ts";
import { chooseLink } from "./choose-link.ts";
import { emptyTally, measureExchange, type Tally, toMeasurement } from "./measure-exchange.ts";
import { defaultRedisUrl, dropStreams, redisProblem, redisTarget } from "./redis-target.ts";
import { RolePair } from "./role-pair.ts";

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
  /** Aborting kills the children and rejects with the signal's reason. Default: none. */
  signal?: AbortSignal;
}

export interface TransportOutcome {
  run: TransportRun;
  /** Per registry id: what each transport measured, or why it could not. */
  byId: Map<string, FormatTransport>;
}

/** Messages of round `r` of `rounds`: `messages` shared out as evenly as whole messages allow. */
const share = (messages: number, rounds: number, r: number) =>
  Math.floor((messages * (r + 1)) / rounds) - Math.floor((messages * r) / rounds);

/**
 * Measures each format over each transport: one consumer child (HTTP/1.1 and HTTP/2 servers, Redis
 * stream reader) and one producer child, both prepared once for every format. Per transport, the
 * formats take turns in rounds (A B C … A B C …, each round starting one format later) so that load
 * from elsewhere on the machine falls on every format alike; one exchange runs at a time. A failed
 * exchange fails that format on that transport alone: both children are started afresh for the next.
 */
export async function runTransports(
  dataset: Dataset | DatasetFile,
  entries: RegistryEntry[],
  opts: TransportOptions,
): Promise<TransportOutcome> {
  const s = { ...(opts.quick ? quickTransportSettings : defaultTransportSettings), ...opts.settings };
  if (!(s.messages >= 1 && s.messages <= s.maxMessages))
    throw new Error(`transport messages must be 1 to ${s.maxMessages} (maxMessages), not ${s.messages}`);
  const rounds = Math.max(1, Math.min(s.rounds, s.messages));
  const limits: Limits = { ...defaultLimits, ...opts.limits };
  const link = chooseLink(opts.link);
  const { identity } = chooseChildIdentity(limits.childUser);
  const redisUrl = opts.redisUrl ?? process.env.REDIS_URL ?? defaultRedisUrl;
  const byId = new Map<string, FormatTransport>(entries.map((e) => [e.id, {}]));
  const brokerProblem = opts.transports.includes("broker") ? await redisProblem(redisUrl) : undefined;
  if (brokerProblem) for (const t of byId.values()) t.broker = { error: brokerProblem };
  const transports = opts.transports.filter((t) => t !== "broker" || !brokerProblem);
  const workDir = createWorkDir(identity, "wirebench-transport-");
  const datasetPath = "path" in dataset ? dataset.path : join(workDir, "dataset.v8");
  if (!("path" in dataset)) writeFileSync(datasetPath, serialize(dataset));
  const prefix = opts.streamPrefix ?? `wirebench:transport:${randomBytes(6).toString("hex")}`;
  const streams: string[] = [];
  const say = opts.onProgress ?? (() => undefined);
  const pair = new RolePair({
    entries,
    datasetPath,
    workDir,
    limits,
    identity,
    prepareTimeoutMs: s.prepareTimeoutMs,
    ...(opts.link ? { link: opts.link } : {}),
    ...(transports.includes("broker") ? { broker: redisTarget(redisUrl) } : {}),
  });
  const fail = (id: string, t: TransportKind, error: string) => {
    (byId.get(id) as FormatTransport)[t] = { error };
  };

  const abort = () => pair.stop();
  opts.signal?.addEventListener("abort", abort);
  try {
    for (const t of transports) {
      const tallies = new Map<string, Tally>();
      const spentMs = new Map<string, number>();
      for (let r = 0; r < rounds; r++) {
        for (let k = 0; k < entries.length; k++) {
          const id = (entries[(k + r) % entries.length] as RegistryEntry).id;
          if ((byId.get(id) as FormatTransport)[t]) continue;
          opts.signal?.throwIfAborted();
          const { children, failed } = await pair.ensure();
          for (const [fid, error] of Object.entries(failed))
            for (const tt of transports) fail(fid, tt, error);
          if (!children.ok.has(id)) continue;
          const stream = `${prefix}:${t}:${id}`;
          if (t === "broker" && r === 0) streams.push(stream);
          say(`${t} ${id} round ${r + 1}/${rounds}`);
          const key = `${t}:${id}`;
          const warmup = children.opened.has(key) ? 0 : s.warmupMessages;
          const started = Date.now();
          const port = await pair.producerPort(t);
          const exchange = { transport: t, id, warmup, messages: share(s.messages, rounds, r), port, stream };
          const tally = tallies.get(id) ?? emptyTally();
          tallies.set(id, tally);
          try {
            const budget = s.formatTimeoutMs - (spentMs.get(id) ?? 0);
            await measureExchange(children, exchange, Math.max(1, budget), tally);
            children.opened.add(key);
          } catch (err) {
            opts.signal?.throwIfAborted();
            fail(id, t, (err as Error).message);
            pair.stop();
          }
          spentMs.set(id, (spentMs.get(id) ?? 0) + Date.now() - started);
        }
      }
      for (const [id, tally] of tallies)
        if (!(byId.get(id) as FormatTransport)[t])
          (byId.get(id) as FormatTransport)[t] = toMeasurement(tally);
    }
  } finally {
    opts.signal?.removeEventListener("abort", abort);
    await pair.close();
    if (streams.length > 0) await dropStreams(redisUrl, streams);
    rmSync(workDir, { recursive: true, force: true });
  }
  return {
    run: { link, transports: opts.transports, messages: s.messages, warmupMessages: s.warmupMessages },
    byId,
  };
}
