import type { TransportMeasurement } from "@wirebench/contracts/result";
import type { Exchange } from "../children/protocol.ts";
import type { RoleProcess } from "./role-process.ts";
import { summarizeLatency } from "./summarize-latency.ts";

const limit = "the per-format transport limit (formatTimeoutMs)";

/**
 * One format over one transport: the consumer opens the exchange, the producer sends every message,
 * then the consumer reports what it received. HTTP latency is the producer's (encode start to the
 * consumer's response after decoding); broker latency is the consumer's (encode start to decode end).
 */
export async function measureExchange(
  children: { producer: RoleProcess; consumer: RoleProcess },
  x: Exchange,
  timeoutMs: number,
): Promise<Omit<TransportMeasurement, "model">> {
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
  const latenciesNs = broker ? got.latenciesNs : sent.latenciesNs;
  const elapsedNs = broker ? got.elapsedNs : sent.elapsedNs;
  return {
    messages: x.messages,
    messagesPerSec: elapsedNs > 0 ? x.messages / (elapsedNs / 1e9) : 0,
    latency: summarizeLatency(latenciesNs),
    wireBytesPerMessage: sent.wireBytes / x.messages,
    producerCpuNs: sent.cpuNs / x.messages,
    consumerCpuNs: got.cpuNs / got.received,
  };
}
