import { type TransportKindName, transportKinds } from "@wirebench/contracts";

export { transportKinds };
export type TransportKind = TransportKindName;

/**
 * Named limits of a transport run. Every option documents its default; `quick` trades precision for
 * an answer in seconds.
 */
export interface TransportSettings {
  /** Messages timed per format and transport (after the warm-up ones). Default 200 (quick 30). */
  messages: number;
  /**
   * Messages sent first and left out of every figure: the JIT, the connection and TCP's congestion
   * window settle on them. Default 20 (quick 5).
   */
  warmupMessages: number;
  /**
   * Longest one format may take on one transport (all its messages, every round), ms; past it the producer and
   * consumer are killed and the remaining formats fail with this limit named. Default 60 000.
   */
  formatTimeoutMs: number;
  /** Longest producer and consumer may take to prepare every format (code generation included), ms. Default 120 000. */
  prepareTimeoutMs: number;
  /**
   * Rounds the messages are shared out over: per transport every format sends its share in turn,
   * round after round, so a burst of load elsewhere on the machine does not land on one format
   * alone. Default 4 (quick 3).
   */
  rounds: number;
  /** Most messages a run may ask for per format and transport (`messages` above it is refused). Default 10 000. */
  maxMessages: number;
}

export const defaultTransportSettings: TransportSettings = {
  messages: 200,
  warmupMessages: 20,
  formatTimeoutMs: 60_000,
  prepareTimeoutMs: 120_000,
  rounds: 4,
  maxMessages: 10_000,
};

export const quickTransportSettings: TransportSettings = {
  ...defaultTransportSettings,
  messages: 30,
  warmupMessages: 5,
  rounds: 3,
};

/** Parses `http1,http2,broker`; an unknown name is an error naming the ones there are. */
export function parseTransports(list: string): TransportKind[] {
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error(`--transport needs one or more of ${transportKinds.join(", ")}`);
  for (const n of names)
    if (!(transportKinds as readonly string[]).includes(n))
      throw new Error(`unknown transport "${n}": use ${transportKinds.join(", ")}`);
  return [...new Set(names)] as TransportKind[];
}
