import type { Redis } from "ioredis";
import { cpuNs } from "./child-io.ts";
import type { Exchange } from "./protocol.ts";

/** How long one XREAD waits for the next entries, ms: short, so a gone producer ends in the parent's time limit, not here. */
const blockMs = 1000;

/**
 * Reads one round of an exchange's stream after entry `from`, decoding each entry as it arrives: an
 * entry carries the producer's encode-start time (`t`, the machine's monotonic clock that both
 * processes share) and the encoded message (`m`), so each message's end-to-end latency is measured
 * here, after its decode.
 */
export async function readStream(
  redis: Redis,
  exchange: Exchange,
  from: string,
  decode: (bytes: Uint8Array) => unknown,
): Promise<{ latenciesNs: number[]; elapsedNs: number; cpuNs: number; received: number; lastId: string }> {
  const latenciesNs: number[] = [];
  const total = exchange.warmup + exchange.messages;
  let lastId = from;
  let seen = 0;
  let cpuAt = cpuNs();
  let firstStart = 0n;
  let lastEnd = 0n;
  while (seen < total) {
    const res = await redis.xreadBuffer(
      "COUNT",
      64,
      "BLOCK",
      blockMs,
      "STREAMS",
      exchange.stream as string,
      lastId,
    );
    for (const [, entries] of res ?? []) {
      for (const [id, fields] of entries) {
        lastId = id.toString();
        const t = BigInt((fields[1] as Buffer).toString());
        decode(new Uint8Array(fields[3] as Buffer));
        const done = process.hrtime.bigint();
        if (++seen <= exchange.warmup) {
          if (seen === exchange.warmup) cpuAt = cpuNs();
          continue;
        }
        if (firstStart === 0n) firstStart = t;
        lastEnd = done;
        latenciesNs.push(Number(done - t));
      }
    }
  }
  return {
    latenciesNs,
    elapsedNs: Number(lastEnd - firstStart),
    cpuNs: cpuNs() - cpuAt,
    received: latenciesNs.length,
    lastId,
  };
}
