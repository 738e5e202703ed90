import type { ChildIdentity, Limits, RegistryEntry } from "@wirebench/codecs";
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
      this.live = { producer, consumer, ports, ok, opened: new Set(), producerPorts: new Map() };
      return { children: this.live, failed: { ...pm.failed, ...cm.failed } };
    } catch (err) {
      producer.kill();
      consumer.kill();
      throw err;
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
