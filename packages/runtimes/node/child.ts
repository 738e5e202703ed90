/**
 * The Node implementation of the runtime protocol (docs/polyglot.md): reads one RuntimeRequest on
 * stdin, answers JSON lines on stdout. It exists to test the parent end to end without another
 * toolchain, and to compare the protocol's figures with runComparison's on the same libraries.
 * Warm-up and the timed loop are the Node harness's own (warmUpAndCalibrate, compileTimedLoop).
 */
import { createInterface } from "node:readline";
import {
  checksum,
  compileTimedLoop,
  defaultSettings,
  jitEventCounter,
  samplesInRound,
  type TimedLoop,
  warmUpAndCalibrate,
} from "@wirebench/codecs/runtime-bridge";
import { type PlanMessage, planMessageSchema, runtimeRequestSchema } from "@wirebench/contracts";
import { stringifyLossless } from "../src/inputs/lossless-json.ts";
import { buildCodec, type ChildCodec, libraryVersions } from "./node-codecs.ts";

type Op = "encode" | "decode";
interface Live {
  id: string;
  codec: ChildCodec;
  encoded: Uint8Array[];
  ops: Partial<
    Record<Op, { fn: (a: unknown) => unknown; args: unknown[]; iterations: number; loop: TimedLoop }>
  >;
}

// Opened (and unlinked) before anything else, as the Node harness's children do.
const jitEvents = jitEventCounter();

const send = (line: string) =>
  new Promise<void>((resolve, reject) =>
    process.stdout.write(`${line}\n`, (err) => (err ? reject(err) : resolve())),
  );
const sendJson = (m: object) => send(JSON.stringify(m));

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })[
  Symbol.asyncIterator
]();
const nextLine = async (what: string) => {
  const { value, done } = await lines.next();
  if (done) throw new Error(`stdin ended before the ${what}`);
  return value as string;
};

const request = runtimeRequestSchema.parse(JSON.parse(await nextLine("request")));
const settings = { ...defaultSettings, ...request.settings };
await sendJson({
  type: "hello",
  runtime: "node",
  runtimeVersion: process.version,
  libraries: libraryVersions(),
});

const live: Live[] = [];
for (const f of request.formats) {
  try {
    const codec = await buildCodec(f);
    const encoded = codec.inputs.map((m) => codec.encode(m));
    if (request.verify) {
      const decoded = encoded.map((b) => codec.toInput(codec.decode(b)));
      const b64 = encoded.map((b) => Buffer.from(b).toString("base64"));
      // `decoded` is lossless JSON (64-bit integers as literals), which JSON.stringify cannot write.
      await send(
        `{"type":"verified","id":${JSON.stringify(f.id)},"encoded":${JSON.stringify(b64)},"decoded":${stringifyLossless(decoded)}}`,
      );
    }
    live.push({ id: f.id, codec, encoded, ops: {} });
  } catch (err) {
    await sendJson({ type: "failed", id: f.id, error: (err as Error).message });
  }
}

for (const l of live) {
  const fns: [Op, (a: unknown) => unknown, unknown[]][] = [
    ["encode", l.codec.encode, l.codec.inputs],
    ["decode", l.codec.decode as (a: unknown) => unknown, l.encoded],
  ];
  for (const [op, fn, args] of fns) {
    const loop = compileTimedLoop();
    const { iterations, stable, nsPerOp } = warmUpAndCalibrate(
      fn,
      args,
      settings,
      loop,
      undefined,
      jitEvents,
    );
    l.ops[op] = { fn, args, iterations, loop };
    await sendJson({
      type: "calibrated",
      id: l.id,
      op,
      iterations,
      nsPerOp: Math.max(nsPerOp, 1e-3),
      stable,
    });
  }
}
await sendJson({ type: "ready" });
const plan: PlanMessage = planMessageSchema.parse(JSON.parse(await nextLine("plan")));
const samplesOf = (id: string, op: Op) => plan.plans.find((p) => p.id === id && p.op === op)?.samples ?? 0;

for (let round = 0; round < settings.rounds; round++) {
  for (let k = 0; k < live.length; k++) {
    const l = live[(k + round) % live.length] as Live;
    for (const op of ["encode", "decode"] as const) {
      const m = l.ops[op];
      const count = m ? samplesInRound(samplesOf(l.id, op), settings.rounds, round) : 0;
      if (!m || count === 0) continue;
      m.loop(m.fn, m.args, m.iterations);
      const nsPerOp: number[] = [];
      for (let i = 0; i < count; i++)
        nsPerOp.push(Math.max(m.loop(m.fn, m.args, m.iterations) / m.iterations, 1e-3));
      await sendJson({ type: "samples", id: l.id, op, round, nsPerOp, iterations: m.iterations });
    }
  }
}
await sendJson({ type: "done", checksum: checksum() });
process.stdin.destroy();
