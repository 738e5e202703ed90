import {
  type Attempt,
  type ChildIdentity,
  type Limits,
  onceMoreIfKilledAtStart,
  type RegistryEntry,
} from "@wirebench/codecs";
import type { RoleJob } from "../children/protocol.ts";
import { type Relay, type RelayTarget, startRelay } from "../link/paced-relay.ts";
import type { LinkSpec } from "../link/parse-link.ts";
import type { TransportKind } from "../settings.ts";
import { RoleProcess } from "./role-process.ts";

export interface PairConfig {
  entries: RegistryEntry[];
  datasetPath: string;
  workDir: string;
  limits: Limits;
  identity: ChildIdentity | undefined;
  prepareTimeoutMs: number;
  /** Where Redis is, for the broker; undefined when the broker is not measured. */
  broker?: RelayTarget;
  link?: LinkSpec;
}

/**
 * The producer and consumer children of a run, with the relays the producer reaches the consumer or
 * Redis through. Stopped on any failed exchange and started again (prepared afresh) for the next, so
 * no format inherits a child that another one left dead, killed or mid-exchange.
 */
export class RolePair {
  private live?: {
    producer: RoleProcess;
    consumer: RoleProcess;
    ports: { http1: number; http2: number };
    ok: Set<string>;
    /** Exchanges whose connection the producer already holds (their warm-up is done). */
    opened: Set<string>;
    producerPorts: Map<TransportKind, number>;
  };
  private readonly relays: Relay[] = [];
  private consumerRedis?: Relay;

  constructor(private readonly config: PairConfig) {}

  /** Started children; `failed` lists the formats they could not prepare (the first time only). */
  async ensure(): Promise<{ children: NonNullable<RolePair["live"]>; failed: Record<string, string> }> {
    if (this.live) return { children: this.live, failed: {} };
    const c = this.config;
    if (c.broker && !this.consumerRedis) this.consumerRedis = await this.relay(c.broker);
    const job = {
      entries: c.entries,
      datasetPath: c.datasetPath,
      workDir: c.workDir,
      ...(this.consumerRedis ? { redisPort: this.consumerRedis.port } : {}),
    };
    // Forked the instant a signal went to this process's group, a child can die of it before it
    // has begun (see onceMoreIfKilledAtStart): both start again, once.
    const started = await onceMoreIfKilledAtStart(() => this.start(job));
    if ("error" in started) throw started.error;
    this.live = started.children;
    return started;
  }

  /** Both children, prepared; or why not, and whether one was killed before it said a word. */
  private async start(
    job: RoleJob,
  ): Promise<
    ({ children: NonNullable<RolePair["live"]>; failed: Record<string, string> } | { error: unknown }) &
      Attempt
  > {
    const c = this.config;
    const consumer = new RoleProcess("consumer", job, c.limits, c.identity);
    const producer = new RoleProcess("producer", job, c.limits, c.identity);
    const limit = "the transport preparation limit (prepareTimeoutMs)";
    try {
      const [cm, pm] = await Promise.all([
        consumer.next("prepared", c.prepareTimeoutMs, limit),
        producer.next("prepared", c.prepareTimeoutMs, limit),
      ]);
      const ok = new Set(cm.ok.filter((id) => pm.ok.includes(id)));
      const ports = cm.ports ?? { http1: 0, http2: 0 };
      const children = { producer, consumer, ports, ok, opened: new Set<string>(), producerPorts: new Map() };
      return { children, failed: { ...pm.failed, ...cm.failed } };
    } catch (error) {
      producer.kill();
      consumer.kill();
      const ends = await Promise.all([consumer.attempt(), producer.attempt()]);
      const signalledUnheard = ends.find((a) => a.signalledUnheard)?.signalledUnheard;
      return { error, ...(signalledUnheard ? { signalledUnheard } : {}) };
    }
  }

  /** The port the producer sends to for transport `t`: through the emulated link when there is one. */
  async producerPort(t: TransportKind): Promise<number> {
    const live = this.live;
    if (!live) throw new Error("no children");
    const known = live.producerPorts.get(t);
    if (known !== undefined) return known;
    const c = this.config;
    const target = t === "broker" ? (c.broker as RelayTarget) : { host: "127.0.0.1", port: live.ports[t] };
    // Redis always goes through a relay (it holds the credentials); HTTP on loopback goes direct.
    const port = !c.link && t !== "broker" ? target.port : (await this.relay(target, c.link)).port;
    live.producerPorts.set(t, port);
    return port;
  }

  private async relay(target: RelayTarget, link?: LinkSpec): Promise<Relay> {
    const r = await startRelay(target, link);
    this.relays.push(r);
    return r;
  }

  stop(): void {
    this.live?.producer.kill();
    this.live?.consumer.kill();
    this.live = undefined;
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all(this.relays.map((r) => r.close()));
  }
}
