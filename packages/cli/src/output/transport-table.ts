import type { Result, TransportMeasurement } from "@wirebench/contracts";
import { formatBytes, formatCount, formatNs } from "@wirebench/contracts/units";
import Table from "cli-table3";
import pc from "picocolors";

/** A ratio far from 1 means something the model does not know of (HTTP, the broker, the machine) dominates. */
function ratio(r: number): string {
  const text = `${r.toFixed(2)}×`;
  return r >= 0.8 && r <= 1.25 ? pc.green(text) : pc.yellow(text);
}

function linkLine(result: Result): string {
  const t = result.transport;
  if (!t) return "";
  const l = t.link;
  const what =
    l.kind === "loopback"
      ? "loopback, no emulated link (the model sees no network)"
      : `${l.rttMs} ms round trip, ${l.bandwidthMbps} Mbit/s, ${l.kind === "netem" ? "tc netem" : "paced proxy on loopback"}`;
  return `transport: ${what}; ${t.messages} messages per format after ${t.warmupMessages} warm-up`;
}

/**
 * One row per format and transport, smallest format first: throughput, latency (median ± its 95% CI,
 * p99), bytes the producer wrote per message, CPU per message on each side, and the cost model's
 * prediction with measured ÷ predicted.
 */
export function renderTransportTable(result: Result): string {
  const table = new Table({
    head: [
      "format",
      "transport",
      "msg/s",
      "latency",
      "p99",
      "wire/msg",
      "cpu prod",
      "cpu cons",
      "model",
      "meas/model",
    ],
    style: pc.isColorSupported ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
  });
  const failures: string[] = [];
  const formats = result.formats.filter((f) => f.transport).sort((a, b) => a.bytes - b.bytes);
  for (const f of formats) {
    for (const [kind, m] of Object.entries(f.transport ?? {})) {
      if (!m) continue;
      if ("error" in m) {
        failures.push(`${pc.red("✗")} ${f.id} ${kind}: ${m.error}`);
        continue;
      }
      const t = m as TransportMeasurement;
      const half = (t.latency.ciHighNs - t.latency.ciLowNs) / 2;
      table.push([
        f.id,
        kind,
        formatCount(t.messagesPerSec),
        `${formatNs(t.latency.medianNs)} ${pc.dim(`±${formatNs(half)}`)}`,
        formatNs(t.latency.p99Ns),
        formatBytes(t.wireBytesPerMessage),
        formatNs(t.producerCpuNs),
        formatNs(t.consumerCpuNs),
        t.model ? formatNs(t.model.predictedNs) : pc.dim("-"),
        t.model ? ratio(t.model.ratio) : pc.dim("-"),
      ]);
    }
  }
  return [pc.bold(linkLine(result)), table.toString(), ...failures, ...noteLines(result)].join("\n");
}

function noteLines(result: Result): string[] {
  const note = result.transport?.link.note;
  return [
    ...(note ? [pc.dim(note)] : []),
    pc.dim(
      "latency: HTTP from encode start to the response after decode (one round trip); broker from encode start to decode end (one way, the model gets half the round trip)",
    ),
  ];
}
