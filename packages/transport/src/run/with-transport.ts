import { estimateCost, type NetworkModel } from "@wirebench/contracts/cost-model";
import type { FormatResult, FormatTransport, Result, TransportLink } from "@wirebench/contracts/result";
import type { TransportKind } from "../settings.ts";
import type { TransportOutcome } from "./run-transports.ts";

/**
 * The network the cost model sees for one transport: the link's bandwidth and round trip for a
 * request/response (HTTP); half the round trip for the broker, whose latency is one way (the
 * producer's link to Redis; the consumer reads beside it).
 */
export function modelNetwork(link: TransportLink, transport: TransportKind): NetworkModel {
  const rttMs = transport === "broker" ? link.rttMs / 2 : link.rttMs;
  return { rttMs, bandwidthMbps: link.bandwidthMbps ?? Number.POSITIVE_INFINITY };
}

/** Mean bytes of one message in this format, what the cost model charges to the wire. */
function messageBytes(f: FormatResult, messages: number): number {
  return f.sizes?.perMessage.raw ?? f.bytes / Math.max(1, messages);
}

/**
 * Format entries with their transport measurements and, beside each, the cost model's prediction
 * from the same format's encode and decode medians and mean message size (`messages` per dataset).
 */
export function withTransportEntries(
  formats: FormatResult[],
  outcome: TransportOutcome,
  messages: number,
): FormatResult[] {
  return formats.map((f) => {
    const measured = outcome.byId.get(f.id);
    if (!measured) return f;
    const transport: FormatTransport = {};
    for (const [kind, m] of Object.entries(measured) as [
      TransportKind,
      NonNullable<FormatTransport[TransportKind]>,
    ][]) {
      if ("error" in m || !f.encode || !f.decode) {
        transport[kind] = m;
        continue;
      }
      const net = modelNetwork(outcome.run.link, kind);
      const predictedNs =
        estimateCost(messageBytes(f, messages), f.encode.medianNs, f.decode.medianNs, net).perMessageMs * 1e6;
      transport[kind] = { ...m, model: { predictedNs, ratio: m.latency.medianNs / predictedNs } };
    }
    return { ...f, transport };
  });
}

/** The comparison's Result with every format's transport measurements and the run's link. */
export function withTransport(result: Result, outcome: TransportOutcome): Result {
  const formats = withTransportEntries(result.formats, outcome, result.dataset?.messages ?? 1);
  return { ...result, formats, transport: outcome.run };
}
