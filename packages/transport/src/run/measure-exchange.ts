import type { TransportMeasurement } from "@wirebench/contracts/result";
import type { Exchange } from "../children/protocol.ts";
import type { RoleProcess } from "./role-process.ts";
import { summarizeLatency } from "./summarize-latency.ts";

const limit = "the per-format transport limit (formatTimeoutMs)";

/** What the rounds of one format on one transport add up to. */
export interface Tally {
  latenciesNs: number[];
  elapsedNs: number;
  wireBytes: number;
  producerCpuNs: number;
  consumerCpuNs: number;
  messages: number;
}

export const emptyTally = (): Tally => ({
  latenciesNs: [],
  elapsedNs: 0,
  wireBytes: 0,
  producerCpuNs: 0,
  consumerCpuNs: 0,
  messages: 0,
});

/**
 * One round of one format over one transport, added to `tally`: the consumer opens the exchange, the
 * producer sends the round's messages, then the consumer reports what it received. HTTP latency is
 * the producer's (encode start to the consumer's response after decoding); broker latency is the
 * consumer's (encode start to decode end).
 */
export async function measureExchange(
  children: { producer: RoleProcess; consumer: RoleProcess },
  x: Exchange,
  timeoutMs: number,
  tally: Tally,
): Promise<void> {
  const { producer, consumer } = children;
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  consumer.tell({ type: "begin", exchange: x });
  await consumer.next("listening", left(), limit);
  producer.tell({ type: "begin", exchange: x });
  const sent = await producer.next("sent", left(), limit);
  if (x.transport !== "broker") consumer.tell({ type: "end" });
  const got = await consumer.next("received", left(), limit);
  if (got.received < x.messages)
    throw new Error(`the consumer received ${got.received} of ${x.messages} measured messages`);
  const broker = x.transport === "broker";
  tally.latenciesNs.push(...(broker ? got.latenciesNs : sent.latenciesNs));
  tally.elapsedNs += broker ? got.elapsedNs : sent.elapsedNs;
  tally.wireBytes += sent.wireBytes;
  tally.producerCpuNs += sent.cpuNs;
  tally.consumerCpuNs += got.cpuNs;
  tally.messages += x.messages;
}

/** Per-message figures of a format's rounds on one transport. */
export function toMeasurement(t: Tally): Omit<TransportMeasurement, "model"> {
  return {
    messages: t.messages,
    messagesPerSec: t.elapsedNs > 0 ? t.messages / (t.elapsedNs / 1e9) : 0,
    latency: summarizeLatency(t.latenciesNs),
    wireBytesPerMessage: t.wireBytes / t.messages,
    producerCpuNs: t.producerCpuNs / t.messages,
    consumerCpuNs: t.consumerCpuNs / t.messages,
  };
}
