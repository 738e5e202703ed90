/**
 * Child process entry: prepares every format it is given (outside timing), verifies round trips and
 * sizes when asked, warms every format up and counts allocations, then waits for the parent's go
 * (other children may be timing) and measures all formats interleaved in rounds. Reports each step
 * before it starts so the parent can kill a format that hangs or runs out of memory and name it.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize } from "node:v8";
import type { FirstMessage } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { isUnsupported, type PreparedCodec } from "../adapters/types.ts";
import { attributeFormat } from "../attribution/attribute-format.ts";
import { compareDatasets } from "../fidelity/compare-values.ts";
import { loadAdapter } from "../registry/registry.ts";
import { compressedSizes } from "../sizes/compressed-sizes.ts";
import { shippedSizes } from "../sizes/shipped-sizes.ts";
import { bytesAllocatedPerOp } from "./allocations.ts";
import { warmUpAndCalibrate } from "./calibrate.ts";
import { endWithParent } from "./end-with-parent.ts";
import type { ChildJob, ChildMessage, Op, ParentMessage } from "./protocol.ts";
import { checksum, compileTimedLoop, type TimedLoop } from "./timed-batch.ts";

/**
 * Rejects once the parent is gone, so a child never keeps measuring for nobody: each step awaits a
 * send, and the rejection ends the run.
 */
function send(msg: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send || !process.connected) {
      reject(new Error("the parent process is gone (IPC channel closed)"));
      return;
    }
    process.send(msg, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });
}

endWithParent();

/** Tells the parent untimed work is over and waits for its go (see TurnScheduler). */
async function waitForTurn(): Promise<void> {
  const go = new Promise<void>((resolve) => {
    const onMessage = (m: ParentMessage) => {
      if (m.type !== "go") return;
      process.off("message", onMessage);
      resolve();
    };
    process.on("message", onMessage);
  });
  await send({ type: "ready" });
  await go;
}

function firstMessageOf(encoded: Uint8Array[], cap: number): FirstMessage | undefined {
  const first = encoded[0];
  if (!first) return undefined;
  const kept = Buffer.from(first.buffer, first.byteOffset, Math.min(first.byteLength, cap));
  return { base64: kept.toString("base64"), bytes: first.byteLength, truncated: first.byteLength > cap };
}

function errorText(err: unknown): string {
  const e = err as Error;
  return (e?.message ?? String(err)).split("\n")[0] ?? "unknown error";
}

interface Live {
  id: string;
  codec: PreparedCodec;
  encoded: Uint8Array[];
  fns: Partial<
    Record<
      Op,
      { fn: (arg: unknown) => unknown; args: unknown[]; iterations: number; stable: boolean; loop: TimedLoop }
    >
  >;
}

async function run(job: ChildJob): Promise<void> {
  const dataset = deserialize(readFileSync(job.datasetPath)) as Dataset;
  // One folder per format, so variants (thrift binary/compact, capnp unpacked/packed) share code generation.
  const dirOf = (entry: ChildJob["entries"][number]) => {
    const dir = join(job.workDir, entry.format);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  // Every compiler starts now and runs beside the formats prepared before its own; errors surface
  // when that format's prepare awaits the same generation. All of it settles before warm-up.
  const generating = job.entries.map((entry) =>
    loadAdapter(entry)
      .then((adapter) => adapter.generate?.(dataset, { workDir: dirOf(entry) }))
      .catch(() => undefined),
  );
  const live: Live[] = [];
  for (const entry of job.entries) {
    try {
      await send({ type: "step", id: entry.id, step: "prepare" });
      const dir = dirOf(entry);
      const adapter = await loadAdapter(entry);
      const prepared = await adapter.prepare(dataset, { workDir: dir });
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
      const verify = job.verify.includes(entry.id);
      if (verify) await send({ type: "step", id: entry.id, step: "verify" });
      let encoded: Uint8Array[];
      try {
        encoded = prepared.inputs.map((m) => prepared.encode(m));
      } catch (err) {
        throw new Error(`encode failed: ${errorText(err)}`);
      }
      if (prepared.wire) encoded = prepared.wire;
      if (verify) {
        let plain: unknown[];
        try {
          plain = encoded.map((b) => {
            const d = prepared.decode(b);
            return prepared.toPlain ? prepared.toPlain(d) : d;
          });
        } catch (err) {
          throw new Error(`decode failed: ${errorText(err)}`);
        }
        // Expected values of the user's own text have the sample's shape, not the schema's.
        const fidelity = prepared.expected
          ? compareDatasets(prepared.expected, plain)
          : compareDatasets(dataset.messages, plain, dataset.schema.root);
        const sizes = await compressedSizes(encoded);
        const firstMessage = firstMessageOf(encoded, job.firstMessageMaxBytes);
        const root = dataset.schema.root;
        const shipped = job.shippedSizes
          ? await shippedSizes(
              encoded,
              { ...entry, artifacts: prepared.artifacts },
              "name" in root ? root.name : undefined,
            )
          : undefined;
        const attribution = await attributeFormat(entry, dataset, prepared, encoded);
        await send({
          type: "verified",
          id: entry.id,
          fidelity,
          sizes,
          ...(shipped ? { shipped } : {}),
          meanBytes: sizes.perMessage.raw,
          ...(firstMessage ? { firstMessage } : {}),
          attribution: attribution.entries,
          ...(attribution.limitation ? { attributionLimitation: attribution.limitation } : {}),
        });
      }
      live.push({ id: entry.id, codec: prepared, encoded, fns: {} });
    } catch (err) {
      await send({ type: "failed", id: entry.id, error: errorText(err) });
    }
  }
  // A format that gave up before awaiting its compiler must not leave it running into the timings.
  await Promise.all(generating);
  if (job.verifyOnly) return;

  const s = job.settings;
  const failed = new Set<string>();
  const guard = async (l: Live, work: () => Promise<void>) => {
    if (failed.has(l.id)) return;
    try {
      await work();
    } catch (err) {
      failed.add(l.id);
      await send({ type: "failed", id: l.id, error: `measuring failed: ${errorText(err)}` });
    }
  };

  // Warm every format up first, so rounds compare JIT-settled code for all of them.
  for (const l of live) {
    await guard(l, async () => {
      const c = l.codec;
      // The codec's own functions, unwrapped: a wrapper is one more call the application would not make.
      const ops: [Op, (arg: unknown) => unknown, unknown[]][] = [
        ["encode", c.encode, c.inputs],
        ["decode", c.decode as (arg: unknown) => unknown, l.encoded],
      ];
      if (c.access) ops.push(["access", c.access as (arg: unknown) => unknown, l.encoded]);
      for (const [op, fn, args] of ops) {
        await send({ type: "step", id: l.id, step: "warmup", op });
        const loop = compileTimedLoop();
        const { iterations, stable } = warmUpAndCalibrate(fn, args, s, loop);
        l.fns[op] = { fn, args, iterations, stable, loop };
      }
    });
  }

  // Counting bytes is not timing, so it happens before this child's turn, beside other children.
  if (s.measureAllocations) {
    for (const l of live) {
      await guard(l, async () => {
        await send({ type: "step", id: l.id, step: "allocations" });
        for (const op of ["encode", "decode", "access"] as const) {
          const m = l.fns[op];
          if (m) await send({ type: "alloc", id: l.id, op, bytesPerOp: bytesAllocatedPerOp(m.fn, m.args) });
        }
      });
    }
  }

  await waitForTurn();
  for (let round = 0; round < s.rounds; round++) {
    // Rotate the starting format each round so no format always runs first (or right after GC-heavy ones).
    for (let k = 0; k < live.length; k++) {
      const l = live[(k + round) % live.length] as Live;
      await guard(l, async () => {
        await send({ type: "step", id: l.id, step: "measure", round });
        for (const op of ["encode", "decode", "access"] as const) {
          const m = l.fns[op];
          if (!m) continue;
          // One untimed batch first: the other formats ran since this one last did, and its code and
          // caches should be as warm as in an application that calls it in a loop.
          m.loop(m.fn, m.args, m.iterations);
          const nsPerOp: number[] = [];
          for (let i = 0; i < s.samplesPerRound; i++)
            nsPerOp.push(m.loop(m.fn, m.args, m.iterations) / m.iterations);
          await send({
            type: "samples",
            id: l.id,
            op,
            round,
            nsPerOp,
            iterations: m.iterations,
            warmupStable: m.stable,
          });
        }
      });
    }
  }
}

process.once("message", (job: ChildJob) => {
  run(job)
    .then(() => send({ type: "done", checksum: checksum() }))
    .then(() => process.exit(0))
    .catch((err) => {
      process.stderr.write(`${(err as Error)?.stack ?? err}\n`);
      process.exit(1);
    });
});
