/**
 * Overhead: what the harness adds to the number it reports. For one small message (the first twitter
 * status, where per-call overhead weighs most), each format's encode/decode is timed two ways in the
 * same process, alternating order round by round:
 *  - harness: the adapter's prepared codec called through a timing loop compiled per operation with
 *    the batch size `warmUpAndCalibrate` picks, exactly as a measurement child does;
 *  - direct: a hand-written loop calling the library the way an application would, with its own
 *    library objects (only the converted input message is borrowed from the adapter, as conversion
 *    is outside timing in both).
 * Each process reports, per operation, the ratio of the two sides' medians over its rounds. One
 * process is not enough: the same protobufjs call timed through two loops in one process came out
 * anywhere from 16 % faster to 8 % slower from one process to the next (V8 compiles each loop with its
 * own inlining decisions), so the verdict is the median ratio over several fresh processes, with
 * their range. Target: harness ≤ 5% slower.
 * A benchmark, not a test: run it on a quiet machine.
 *   npm run bench:overhead -w @wirebench/codecs     (or: npx tsx packages/codecs/bench/overhead.ts)
 *   PROCESSES=7 (default) fresh processes, ROUNDS=15 (default) rounds in each.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCorpus } from "@wirebench/corpus";
import { emitAvsc, emitProto, inferDataset } from "@wirebench/schemas";
import avro from "avsc";
import { Packr } from "msgpackr";
import type protobuf from "protobufjs";
import { bigintLong } from "../src/adapters/avro.ts";
import { isUnsupported, type PreparedCodec } from "../src/adapters/types.ts";
import { warmUpAndCalibrate } from "../src/harness/calibrate.ts";
import { defaultSettings } from "../src/harness/settings.ts";
import { compileTimedLoop, type TimedLoop } from "../src/harness/timed-batch.ts";
import { loadAdapter, registry } from "../src/index.ts";
import { fmtNs, median, pct, protoTypeOf } from "./bench-helpers.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const PROCESSES = Number(process.env.PROCESSES ?? 7);
const ids = ["json", "msgpackr", "protobuf", "avro"] as const;
type Id = (typeof ids)[number];
type Op = "encode" | "decode";

/** One process's figures: per operation, the median ns/op of each side over its rounds. */
interface ProcessReport {
  jsonBytes: number;
  sink: number;
  ops: Record<string, { harness: number; direct: number }>;
}

async function measureInThisProcess(): Promise<ProcessReport> {
  const twitter = JSON.parse(readCorpus("twitter.json")) as { statuses: unknown[] };
  const dataset = inferDataset(JSON.stringify(twitter.statuses[0]));
  const work = mkdtempSync(join(tmpdir(), "wirebench-overhead-"));

  const codecs = {} as Record<Id, PreparedCodec>;
  for (const id of ids) {
    const entry = registry.find((e) => e.id === id);
    if (!entry) throw new Error(`no registry entry ${id}`);
    const dir = join(work, entry.format);
    mkdirSync(dir, { recursive: true });
    const p = await (await loadAdapter(entry)).prepare(dataset, { workDir: dir });
    if (isUnsupported(p)) throw new Error(`${id}: ${p.unsupported}`);
    codecs[id] = p;
  }
  const input = (id: Id) => codecs[id].inputs[0];
  const bytes = Object.fromEntries(ids.map((id) => [id, codecs[id].encode(input(id))])) as Record<
    Id,
    Uint8Array
  >;

  // The direct side's own library objects, configured like the adapters.
  const packr = new Packr({ useRecords: false, int64AsType: "bigint", mapsAsObjects: true });
  const ProtoType = protoTypeOf(emitProto(dataset.schema));
  const avroType = avro.Type.forSchema(JSON.parse(emitAvsc(dataset.schema).text), {
    registry: { long: bigintLong },
  });
  // A direct call that encodes something else (a misconfigured type skipping fields) would look fast.
  const directBytes: Record<Id, Uint8Array> = {
    json: Buffer.from(JSON.stringify(input("json")), "utf8"),
    msgpackr: packr.pack(input("msgpackr")),
    protobuf: ProtoType.encode(input("protobuf") as protobuf.Message).finish(),
    avro: avroType.toBuffer(input("avro")),
  };
  for (const id of ids) {
    if (!Buffer.from(directBytes[id]).equals(Buffer.from(bytes[id])))
      throw new Error(`${id}: the direct call encodes different bytes than the adapter; fix the bench`);
  }

  let sink = 0;
  const now = () => process.hrtime.bigint();
  // One plain loop per library call, result consumed, no indirection: what an application's hot loop looks like.
  const direct: Record<Id, Record<Op, (n: number) => number>> = {
    json: {
      encode(n) {
        const m = input("json");
        const t0 = now();
        for (let i = 0; i < n; i++) sink += Buffer.from(JSON.stringify(m), "utf8").length;
        return Number(now() - t0);
      },
      decode(n) {
        const b = Buffer.from(bytes.json);
        const t0 = now();
        for (let i = 0; i < n; i++) sink += JSON.parse(b.toString("utf8")) ? 1 : 0;
        return Number(now() - t0);
      },
    },
    msgpackr: {
      encode(n) {
        const m = input("msgpackr");
        const t0 = now();
        for (let i = 0; i < n; i++) sink += packr.pack(m).length;
        return Number(now() - t0);
      },
      decode(n) {
        const b = bytes.msgpackr;
        const t0 = now();
        for (let i = 0; i < n; i++) sink += packr.unpack(b) ? 1 : 0;
        return Number(now() - t0);
      },
    },
    protobuf: {
      encode(n) {
        const m = input("protobuf") as protobuf.Message;
        const t0 = now();
        for (let i = 0; i < n; i++) sink += ProtoType.encode(m).finish().length;
        return Number(now() - t0);
      },
      decode(n) {
        const b = bytes.protobuf;
        const t0 = now();
        for (let i = 0; i < n; i++) sink += ProtoType.decode(b) ? 1 : 0;
        return Number(now() - t0);
      },
    },
    avro: {
      encode(n) {
        const m = input("avro");
        const t0 = now();
        for (let i = 0; i < n; i++) sink += avroType.toBuffer(m).length;
        return Number(now() - t0);
      },
      decode(n) {
        const b = Buffer.from(bytes.avro);
        const t0 = now();
        for (let i = 0; i < n; i++) sink += avroType.fromBuffer(b) ? 1 : 0;
        return Number(now() - t0);
      },
    },
  };

  // The harness side, built exactly as child-main.ts builds it.
  const harness = {} as Record<
    Id,
    Record<Op, { fn: (a: unknown) => unknown; args: unknown[]; n: number; loop: TimedLoop }>
  >;
  for (const id of ids) {
    const c = codecs[id];
    const encodeFn = c.encode;
    const decodeFn = c.decode as (b: unknown) => unknown;
    const encoded = c.inputs.map((m) => c.encode(m));
    const encodeLoop = compileTimedLoop();
    const decodeLoop = compileTimedLoop();
    harness[id] = {
      encode: {
        fn: encodeFn,
        args: c.inputs,
        n: warmUpAndCalibrate(encodeFn, c.inputs, defaultSettings, encodeLoop).iterations,
        loop: encodeLoop,
      },
      decode: {
        fn: decodeFn,
        args: encoded,
        n: warmUpAndCalibrate(decodeFn, encoded, defaultSettings, decodeLoop).iterations,
        loop: decodeLoop,
      },
    };
    // Same batch size on both sides, and the direct loops get a warm-up of their own.
    for (const op of ["encode", "decode"] as const)
      for (let w = 0; w < 20; w++) direct[id][op](harness[id][op].n);
  }

  const results: Record<string, { harness: number[]; direct: number[] }> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const id of ids) {
      for (const op of ["encode", "decode"] as const) {
        const h = harness[id][op];
        const key = `${id} ${op}`;
        results[key] ??= { harness: [], direct: [] };
        const r = results[key];
        const viaHarness = () => r.harness.push(h.loop(h.fn, h.args, h.n) / h.n);
        const viaDirect = () => r.direct.push(direct[id][op](h.n) / h.n);
        // Alternate which side runs first so neither always gets the warmer caches.
        if (round % 2) {
          viaDirect();
          viaHarness();
        } else {
          viaHarness();
          viaDirect();
        }
      }
    }
  }
  const ops: ProcessReport["ops"] = {};
  for (const [key, r] of Object.entries(results))
    ops[key] = { harness: median(r.harness), direct: median(r.direct) };
  return { jsonBytes: bytes.json.length, sink, ops };
}

function runProcess(): ProcessReport {
  const res = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, "--child"], {
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`overhead child failed: ${res.stderr}`);
  return JSON.parse(res.stdout.trim().split("\n").pop() as string) as ProcessReport;
}

if (process.argv.includes("--child")) {
  process.stdout.write(`${JSON.stringify(await measureInThisProcess())}\n`);
} else {
  const reports = Array.from({ length: PROCESSES }, runProcess);
  console.log(
    `twitter.json, first status (${reports[0]?.jsonBytes} B as JSON) — harness loop vs direct loop; ` +
      `${PROCESSES} processes × ${ROUNDS} rounds`,
  );
  console.log("task              harness        direct         harness/direct (median of processes)   range");
  let worst = -Infinity;
  for (const key of Object.keys(reports[0]?.ops ?? {})) {
    const ratios = reports.map((r) => r.ops[key] as { harness: number; direct: number });
    const ratio = median(ratios.map((x) => x.harness / x.direct));
    worst = Math.max(worst, ratio - 1);
    const lo = Math.min(...ratios.map((x) => x.harness / x.direct));
    const hi = Math.max(...ratios.map((x) => x.harness / x.direct));
    console.log(
      `${key.padEnd(17)} ${fmtNs(median(ratios.map((x) => x.harness))).padStart(11)}    ` +
        `${fmtNs(median(ratios.map((x) => x.direct))).padStart(11)}    ${ratio.toFixed(3)} (${pct(ratio - 1)})` +
        `                  ${lo.toFixed(2)}–${hi.toFixed(2)}`,
    );
  }
  console.log(
    `largest harness overhead ${pct(worst)} (target ≤ +5%) ${worst <= 0.05 ? "OK" : "MISSED"}   sink ${reports.every((r) => r.sink > 0)}`,
  );
}
