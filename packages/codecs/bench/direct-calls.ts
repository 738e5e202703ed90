/**
 * The direct side of bench/accuracy.ts: each library called directly on its document, written
 * independently of the adapters (only the converted message objects for the schema formats are
 * borrowed; conversion is outside timing on both sides). Run as a script, it does one tinybench pass
 * and prints `{task: {p50, mean}}` in ns as JSON: accuracy.ts starts a fresh process per pass, since
 * a process's JIT and GC state can make the same call run in one of two speeds for its whole life,
 * and Wirebench's own numbers come from fresh processes too.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { emitAvsc, emitProto, inferDataset } from "@wirebench/schemas";
import avro from "avsc";
import { Packr } from "msgpackr";
import type protobuf from "protobufjs";
import { Bench } from "tinybench";
import { bigintLong, prepareAvro } from "../src/adapters/avro.ts";
import { prepareProtobuf } from "../src/adapters/protobuf.ts";
import { accuracyDocument, protoTypeOf } from "./bench-helpers.ts";

export const ids = ["json", "msgpackr", "protobuf", "avro"] as const;
const { text } = accuracyDocument();
const dataset = inferDataset(text);

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
export const encoded = {
  json: Buffer.from(JSON.stringify(plain)),
  msgpackr: packr.pack(plain),
  protobuf: ProtoType.encode(protoMsg).finish(),
  avro: avroType.toBuffer(avroValue),
};
let sink = 0;
/** Consumes every result so the JIT cannot drop the call. */
const eat = (v: unknown) => {
  sink += typeof v === "number" ? v : v ? 1 : 0;
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

/** One tinybench pass over every task: p50 and mean per task, in ns. */
export async function tinybenchPass(): Promise<{
  p50: Record<string, number>;
  mean: Record<string, number>;
}> {
  const bench = new Bench({ time: 400, warmupTime: 100 });
  for (const id of ids)
    for (const op of ["encode", "decode"] as const) bench.add(`${id} ${op}`, direct[id][op]);
  await bench.run();
  const p50: Record<string, number> = {};
  const mean: Record<string, number> = {};
  for (const task of bench.tasks) {
    const res = task.result;
    if (res.state !== "completed") throw new Error(`${task.name}: ${res.state}`);
    p50[task.name] = res.latency.p50 * 1e6;
    mean[task.name] = res.latency.mean * 1e6;
  }
  return { p50, mean };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { p50, mean } = await tinybenchPass();
  process.stdout.write(`${JSON.stringify({ p50, mean, sink: sink > 0 })}\n`);
}
