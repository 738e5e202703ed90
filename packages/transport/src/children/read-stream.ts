import { Redis } from "ioredis";
import { cpuNs } from "./child-io.ts";
import type { Exchange } from "./protocol.ts";

/** How long one XREAD waits for the next entries, ms: short, so a gone producer ends in the parent's time limit, not here. */
const blockMs = 1000;

/**
 * Reads one exchange's stream from its start, decoding each entry as it arrives: an entry carries the
 * producer's encode-start time (`t`, the machine's monotonic clock that both processes share) and the
 * encoded message (`m`), so each message's end-to-end latency is measured here, after its decode.
 */
export async function readStream(
  port: number,
  exchange: Exchange,
  decode: (bytes: Uint8Array) => unknown,
  onListening: () => Promise<void>,
): Promise<{ latenciesNs: number[]; elapsedNs: number; cpuNs: number; received: number }> {
  const redis = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await onListening();
  const latenciesNs: number[] = [];
  const total = exchange.warmup + exchange.messages;
  let lastId = "0";
  let seen = 0;
  let cpuAt = cpuNs();
  let firstStart = 0n;
  let lastEnd = 0n;
  try {
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
    };
  } finally {
    redis.disconnect();
  }
}
