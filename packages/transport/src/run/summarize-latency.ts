import { medianCi } from "@wirebench/codecs";
import type { TransportMeasurement } from "@wirebench/contracts/result";
import { quantileSorted } from "simple-statistics";

/**
 * Median and p99 of per-message latencies, with the median's distribution-free 95% interval (order
 * statistics, the harness's `medianCi`): latencies over a network are skewed, so no normal model.
 */
export function summarizeLatency(latenciesNs: number[]): TransportMeasurement["latency"] {
  if (latenciesNs.length === 0) throw new Error("no message was measured");
  const sorted = [...latenciesNs].sort((a, b) => a - b);
  const ci = medianCi(sorted);
  return {
    medianNs: quantileSorted(sorted, 0.5),
    p99Ns: quantileSorted(sorted, 0.99),
    ciLowNs: ci.low,
    ciHighNs: ci.high,
  };
}
