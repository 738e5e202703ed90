// Dependency-free on purpose: the run page (browser), the CLI and transport runs share this one model,
// so the prediction printed beside a measured transport is the one the page's sliders show.

export interface NetworkModel {
  /** Link bandwidth in megabits per second (Infinity: no limit, as on loopback). */
  bandwidthMbps: number;
  /** Round-trip time in milliseconds (paid once per message in a request/response exchange). */
  rttMs: number;
}

export interface CostEstimate {
  /**
   * Time to send one message end to end: encode (+ compress) + transfer + round trip + (decompress
   * +) decode, in ms.
   */
  perMessageMs: number;
  cpuMs: number;
  networkMs: number;
  /** Messages per second one sender can push when transfers are pipelined (no RTT per message). */
  throughputPerSec: number;
  /** Whichever of CPU (encode + decode, and compression) and the wire (transfer) limits throughput. */
  bottleneck: "cpu" | "network";
}

/** Milliseconds `bytes` take to cross a link of `bandwidthMbps` (0 on an unlimited link). */
export function transferMs(bytes: number, bandwidthMbps: number): number {
  return ((bytes * 8) / (bandwidthMbps * 1e6)) * 1000;
}

export function estimateCost(
  bytes: number,
  encodeNs: number,
  decodeNs: number,
  net: NetworkModel,
  /** Compressing and decompressing one message, when it travels compressed. */
  compressionMs = 0,
): CostEstimate {
  const cpuMs = (encodeNs + decodeNs) / 1e6 + compressionMs;
  const wireMs = transferMs(bytes, net.bandwidthMbps);
  const perMessageMs = cpuMs + wireMs + net.rttMs;
  const slowestStageMs = Math.max(cpuMs, wireMs);
  return {
    perMessageMs,
    cpuMs,
    networkMs: wireMs + net.rttMs,
    throughputPerSec: slowestStageMs > 0 ? 1000 / slowestStageMs : Number.POSITIVE_INFINITY,
    bottleneck: cpuMs >= wireMs ? "cpu" : "network",
  };
}

/** Where the cost model's sliders start, and what the "best over the network" card assumes. */
export const defaultNetwork: NetworkModel = { bandwidthMbps: 100, rttMs: 20 };
