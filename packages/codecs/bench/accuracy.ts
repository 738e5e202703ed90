/**
 * Accuracy: Wirebench's median encode/decode (child processes, calibrated batches) against an
 * independent tinybench run calling each library directly, interleaved round by round in the same
 * run, on citm_catalog.json. Both report a median per operation, so the verdict compares Wirebench's
 * median with tinybench's p50 (target: within ±15%); tinybench's mean is printed alongside, since
 * Wirebench's samples are batch means with GC pauses amortised into them. A benchmark, not a test.
 *   npm run bench:accuracy -w @wirebench/codecs     (or: npx tsx packages/codecs/bench/accuracy.ts)
 *   WB_SETTINGS='{"processes":1}' overrides the measurement settings.
 */

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCorpus } from "@wirebench/corpus";
import { emitAvsc, emitProto } from "@wirebench/schemas";
import avro from "avsc";
import { Packr } from "msgpackr";
import type protobuf from "protobufjs";
import { Bench } from "tinybench";
import { bigintLong, prepareAvro } from "../src/adapters/avro.ts";
import { prepareProtobuf } from "../src/adapters/protobuf.ts";
import { runComparison } from "../src/index.ts";
import { corpusDataset, fmtNs, median, pct, protoTypeOf, timingOf } from "./bench-helpers.ts";

const ROUNDS = 3;
const ids = ["json", "msgpackr", "protobuf", "avro"] as const;
const dataset = corpusDataset("citm_catalog.json");
const text = readCorpus("citm_catalog.json");

// Direct library calls, written independently of the adapters; only the converted message objects for
// the schema formats are borrowed (the conversion is outside timing in both).
const work = mkdtempSync(join(tmpdir(), "wirebench-accuracy-"));
const plain = JSON.parse(text);
const packr = new Packr({ useRecords: false });
const protoMsg = prepareProtobuf(dataset, emitProto(dataset.schema), work, false)
  .inputs[0] as protobuf.Message;
const ProtoType = protoTypeOf(emitProto(dataset.schema));
const avroValue = prepareAvro(dataset, emitAvsc(dataset.schema), work).inputs[0];
// Same library configuration as the adapter: longs as bigint.
const avroType = avro.Type.forSchema(JSON.parse(emitAvsc(dataset.schema).text), {
  registry: { long: bigintLong },
});
const encoded = {
  json: Buffer.from(JSON.stringify(plain)),
  msgpackr: packr.pack(plain),
  protobuf: ProtoType.encode(protoMsg).finish(),
  avro: avroType.toBuffer(avroValue),
};
// A direct call that encodes less than the adapter (a misconfigured type skipping fields) would look fast.
const wbBytes = await runComparison(dataset, { formats: [...ids], verifyOnly: true });
for (const id of ids) {
  const expected = wbBytes.formats.find((f) => f.id === id)?.bytes;
  if (encoded[id].length !== expected)
    throw new Error(
      `${id}: direct call encodes ${encoded[id].length} B, the adapter ${expected} B; fix the bench`,
    );
}
let sink = 0;
/** Consumes every result so the JIT cannot drop the call. */
const eat = (v: unknown) => {
  sink += typeof v === "number" ? v : v ? 1 : 0;
};
const push = (m: Record<string, number[]>, k: string, v: number) => {
  if (!m[k]) m[k] = [];
  m[k].push(v);
};
const direct: Record<(typeof ids)[number], { encode: () => void; decode: () => void }> = {
  json: {
    encode: () => eat(Buffer.from(JSON.stringify(plain)).length),
    decode: () => eat(JSON.parse(encoded.json.toString()) ? 1 : 0),
  },
  msgpackr: {
    encode: () => eat(packr.pack(plain).length),
    decode: () => eat(packr.unpack(encoded.msgpackr)),
  },
  protobuf: {
    encode: () => eat(ProtoType.encode(protoMsg).finish().length),
    decode: () => eat(ProtoType.decode(encoded.protobuf)),
  },
  avro: {
    encode: () => eat(avroType.toBuffer(avroValue).length),
    decode: () => eat(avroType.fromBuffer(encoded.avro)),
  },
};

const wb: Record<string, number[]> = {};
const tb: Record<string, number[]> = {};
const tbMean: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  const r = await runComparison(dataset, {
    formats: [...ids],
    ...(process.env.WB_SETTINGS ? { settings: JSON.parse(process.env.WB_SETTINGS) } : {}),
  });
  for (const id of ids) {
    for (const op of ["encode", "decode"] as const) push(wb, `${id} ${op}`, timingOf(r, id, op).medianNs);
  }
  const bench = new Bench({ time: 400, warmupTime: 100 });
  for (const id of ids)
    for (const op of ["encode", "decode"] as const) bench.add(`${id} ${op}`, direct[id][op]);
  await bench.run();
  for (const task of bench.tasks) {
    const res = task.result;
    if (res.state !== "completed") throw new Error(`${task.name}: ${res.state}`);
    push(tb, task.name, res.latency.p50 * 1e6);
    // Printed for context only: Wirebench samples are batch means, so GC pauses are amortised into them.
    push(tbMean, task.name, res.latency.mean * 1e6);
  }
  console.error(`round ${round + 1}/${ROUNDS} done`);
}

console.log(
  "citm_catalog.json — Wirebench median (median of rounds) vs tinybench on direct calls (median of rounds)",
);
console.log("task              wirebench     tb p50        tb mean       wb/p50           wb/mean");
let worstP50 = 0;
let worstMean = 0;
for (const key of Object.keys(wb)) {
  const w = median(wb[key] as number[]);
  const p = median(tb[key] as number[]);
  const m = median(tbMean[key] as number[]);
  worstP50 = Math.max(worstP50, Math.abs(w / p - 1));
  worstMean = Math.max(worstMean, Math.abs(w / m - 1));
  console.log(
    `${key.padEnd(17)} ${fmtNs(w).padStart(11)}  ${fmtNs(p).padStart(11)}  ${fmtNs(m).padStart(11)}   ${(w / p).toFixed(3)} (${pct(w / p - 1)})  ${(w / m).toFixed(3)} (${pct(w / m - 1)})`,
  );
}
console.log(
  `largest deviation vs tinybench p50 ${pct(worstP50)} (target within ±15%) ${worstP50 <= 0.15 ? "OK" : "MISSED"}; vs tinybench mean ${pct(worstMean)} (context) (sink ${sink > 0})`,
);
