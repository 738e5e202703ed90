import type { RegistryEntry } from "@wirebench/codecs";
import type { TransportKind } from "../settings.ts";

/** Parent → producer or consumer, first message: the formats to prepare; the dataset is a file. */
export interface RoleJob {
  entries: RegistryEntry[];
  datasetPath: string;
  workDir: string;
  /** Consumer only: the Redis it reads streams from (an unpaced relay on loopback). */
  redisPort?: number;
}

/** What one format's messages take on one transport. */
export interface Exchange {
  transport: TransportKind;
  id: string;
  /** Messages sent first and left out of every figure. */
  warmup: number;
  /** Messages measured after them. */
  messages: number;
  /** Producer: where to send (the consumer's server, or a relay in front of it or of Redis). */
  port?: number;
  /** Broker: the Redis stream the messages go through (one per run, format and transport). */
  stream?: string;
}

export type ParentToChild = { type: "begin"; exchange: Exchange } | { type: "end" };

export type ChildToParent =
  | {
      type: "prepared";
      ok: string[];
      failed: Record<string, string>;
      /** Consumer only: the loopback ports of its HTTP/1.1 and HTTP/2 servers. */
      ports?: { http1: number; http2: number };
    }
  /** Consumer: ready for an exchange (a broker consumer has started reading). */
  | { type: "listening" }
  /** Producer: every message of the exchange sent and acknowledged. */
  | {
      type: "sent";
      /** Request start (before encode) to response end, per measured message (HTTP only). */
      latenciesNs: number[];
      /** Bytes the producer's sockets wrote for the measured messages. */
      wireBytes: number;
      cpuNs: number;
      elapsedNs: number;
    }
  /** Consumer: the exchange's measured messages received and decoded. */
  | {
      type: "received";
      /** Broker: encode start in the producer to decode end here (same monotonic clock), per message. */
      latenciesNs: number[];
      /** Broker: first measured message's encode start to last decode end. */
      elapsedNs: number;
      cpuNs: number;
      received: number;
    }
  | { type: "error"; error: string };
