import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FirstMessage } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { isUnsupported, type PreparedCodec } from "../adapters/types.ts";
import { compareDatasets } from "../fidelity/compare-values.ts";
import { loadAdapter } from "../registry/registry.ts";
import { compressedSizes } from "../sizes/compressed-sizes.ts";
import { digestOf } from "../sizes/digest.ts";
import { claimFormat, errorText, send } from "./child-ipc.ts";
import type { ChildJob, Op } from "./protocol.ts";
import type { TimedLoop } from "./timed-batch.ts";
import { sendVerifiedExtras } from "./verified-extras.ts";

/** A prepared format in a measurement child, with what its untimed passes cost per call. */
export interface Live {
  id: string;
  codec: PreparedCodec;
  encoded: Uint8Array[];
  /** Nanoseconds per call of the encode pass (preparing) and the decode pass (verifying), if run. */
  prior: Partial<Record<Op, number>>;
  fns: Partial<
    Record<
      Op,
      {
        fn: (arg: unknown) => unknown;
        args: unknown[];
        iterations: number;
        stable: boolean;
        loop: TimedLoop;
        nsPerOp: number;
      }
    >
  >;
}

function firstMessageOf(encoded: Uint8Array[], cap: number): FirstMessage | undefined {
  const first = encoded[0];
  if (!first) return undefined;
  const kept = Buffer.from(first.buffer, first.byteOffset, Math.min(first.byteLength, cap));
  return { base64: kept.toString("base64"), bytes: first.byteLength, truncated: first.byteLength > cap };
}

/** Runs `fn` over every item, returning the results and the mean nanoseconds of one call. */
function timedMap<T, R>(items: T[], fn: (item: T) => R): { out: R[]; nsPerCall: number } {
  const t0 = process.hrtime.bigint();
  const out = items.map(fn);
  return { out, nsPerCall: Number(process.hrtime.bigint() - t0) / Math.max(1, items.length) };
}

/**
 * The formats a child prepares: those it claims from the parent while there are any (`job.claim`),
 * then its own (`job.entries`, whose compilers were started at once and had that time to run).
 */
async function* formatsOf(
  job: ChildJob,
  verifying: Set<string>,
): AsyncGenerator<ChildJob["entries"][number]> {
  while (job.claim) {
    const claimed = await claimFormat();
    if (claimed.entries.length === 0) break;
    for (const id of claimed.verify) verifying.add(id);
    yield* claimed.entries;
  }
  yield* job.entries;
}

/**
 * Prepares every format of the job one by one (outside timing) and, when asked, verifies its round
 * trip and measures its sizes, reporting each format's sizes the moment they are known.
 */
export async function prepareLive(job: ChildJob, dataset: Dataset): Promise<Live[]> {
  // One folder per format, so variants (thrift binary/compact, capnp unpacked/packed) share code generation.
  const dirOf = (entry: ChildJob["entries"][number]) => {
    const dir = join(job.workDir, entry.format);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  // Every compiler starts now and runs beside the formats prepared before its own; errors surface
  // when that format's prepare awaits the same generation. All of it settles before warm-up.
  // Only adapters that may generate code load now: the others (and their libraries) load when their
  // format is prepared, so the first format's sizes do not wait for every library to load.
  const generating = job.entries
    .filter((entry) => entry.generatesCode !== false)
    .map((entry) =>
      loadAdapter(entry)
        .then((adapter) => adapter.generate?.(dataset, { workDir: dirOf(entry) }))
        .catch(() => undefined),
    );
  const live: Live[] = [];
  const extras: { id: string; run: () => Promise<void> }[] = [];
  const verifying = new Set(job.verify);
  for await (const entry of formatsOf(job, verifying)) {
    try {
      await send({ type: "step", id: entry.id, step: "prepare" });
      const adapter = await loadAdapter(entry);
      const prepared = await adapter.prepare(dataset, { workDir: dirOf(entry) });
      if (isUnsupported(prepared)) {
        await send({ type: "failed", id: entry.id, error: `unsupported: ${prepared.unsupported}` });
        continue;
      }
      await send({
        type: "prepared",
        id: entry.id,
        artifacts: prepared.artifacts ?? [],
        notes: prepared.notes ?? [],
        limitations: prepared.limitations ?? [],
        renames: prepared.renames ?? [],
        hasAccess: typeof prepared.access === "function",
      });
      const verify = verifying.has(entry.id);
      if (verify) await send({ type: "step", id: entry.id, step: "verify" });
      let encoding: { out: Uint8Array[]; nsPerCall: number };
      try {
        encoding = timedMap(prepared.inputs, (m) => prepared.encode(m));
      } catch (err) {
        throw new Error(`encode failed: ${errorText(err)}`);
      }
      const encoded = prepared.wire ?? encoding.out;
      const prior: Live["prior"] = { encode: encoding.nsPerCall };
      if (verify) {
        let decoding: { out: unknown[]; nsPerCall: number };
        try {
          decoding = timedMap(encoded, (b) => {
            const d = prepared.decode(b);
            return prepared.toPlain ? prepared.toPlain(d) : d;
          });
        } catch (err) {
          throw new Error(`decode failed: ${errorText(err)}`);
        }
        // toPlain is included, so this overstates decode slightly: it only decides whether to skip warm-up.
        prior.decode = decoding.nsPerCall;
        // Expected values of the user's own text have the sample's shape, not the schema's.
        const fidelity = prepared.expected
          ? compareDatasets(prepared.expected, decoding.out)
          : compareDatasets(dataset.messages, decoding.out, dataset.schema.root);
        const sizes = await compressedSizes(encoded);
        const firstMessage = firstMessageOf(encoded, job.firstMessageMaxBytes);
        const known = {
          type: "verified",
          id: entry.id,
          fidelity,
          sizes,
          meanBytes: sizes.perMessage.raw,
          digest: digestOf(encoded),
          ...(firstMessage ? { firstMessage } : {}),
        } as const;
        // Sizes and fidelity are what users wait for: they go out now; the slower extras (sizes as
        // shipped, attribution) follow in the complete message once every format has sent its sizes.
        await send({ ...known, partial: true });
        extras.push({
          id: entry.id,
          run: () => sendVerifiedExtras(job, dataset, entry, prepared, encoded, known),
        });
      }
      live.push({ id: entry.id, codec: prepared, encoded, prior, fns: {} });
    } catch (err) {
      await send({ type: "failed", id: entry.id, error: errorText(err) });
    }
  }
  // A format that gave up before awaiting its compiler must not leave it running into the timings.
  await Promise.all(generating);
  const failed = new Set<string>();
  for (const extra of extras) {
    try {
      await extra.run();
    } catch (err) {
      failed.add(extra.id);
      await send({ type: "failed", id: extra.id, error: errorText(err) });
    }
  }
  return live.filter((l) => !failed.has(l.id));
}
