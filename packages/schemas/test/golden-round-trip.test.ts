import { readFileSync } from "node:fs";
import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitCapnp } from "../src/emit/emit-capnp.ts";
import { emitFbs } from "../src/emit/emit-fbs.ts";
import { emitJsonSchema } from "../src/emit/emit-jsonschema.ts";
import { emitProto } from "../src/emit/emit-proto.ts";
import { emitThrift } from "../src/emit/emit-thrift.ts";
import type { EmittedSchema } from "../src/emit/emitted-schema.ts";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { importProto } from "../src/import/import-proto.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { IrSchema } from "../src/ir.ts";

const withoutOriginal = ({ original: _, ...ir }: IrSchema) => ir;
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

// Schemas imported from hand-written files, and schemas inferred from samples (the hostile names and
// the three corpus files), so the goldens cover every emitter over both kinds of IR.
const sources: [string, () => IrSchema][] = [
  ["order-proto", () => importProto(fixture("order.proto"))],
  ["order-avsc", () => importAvsc(fixture("order.avsc"))],
  ["order-jsonschema", () => importJsonSchema(fixture("order.schema.json"))],
  ["catalog-jsonschema", () => importJsonSchema(fixture("catalog.schema.json"))],
  ["hostile-names", () => inferDataset(fixture("hostile-names.json")).schema],
  ["twitter", () => inferDataset(readCorpus("twitter.json")).schema],
  ["citm_catalog", () => inferDataset(readCorpus("citm_catalog.json")).schema],
  ["canada", () => inferDataset(readCorpus("canada.json")).schema],
];

const emitters: [string, (s: IrSchema) => EmittedSchema][] = [
  ["proto", emitProto],
  ["avsc", emitAvsc],
  ["fbs", emitFbs],
  ["capnp", emitCapnp],
  ["thrift", emitThrift],
  // Not `.schema.json`: Biome would reformat that file, and a golden must be the emitter's exact bytes.
  ["jsonschema", emitJsonSchema],
];

const importers: [string, (s: IrSchema) => string, (text: string) => IrSchema][] = [
  ["proto", (s) => emitProto(s).text, (t) => importProto(t)],
  ["avsc", (s) => emitAvsc(s).text, importAvsc],
  ["jsonschema", (s) => emitJsonSchema(s).text, importJsonSchema],
];

const built = new Map<string, IrSchema>();
const source = (name: string, make: () => IrSchema) => {
  let ir = built.get(name);
  if (!ir) {
    ir = make();
    built.set(name, ir);
  }
  return ir;
};

describe("emitted schemas match the committed goldens (test/golden/)", () => {
  // A change in any emitter's output shows up as a diff of these files; review it, then run
  // `npx vitest run -u` to accept it.
  for (const [name, make] of sources) {
    it.each(emitters)(`${name} → %s`, async (ext, emit) => {
      await expect(emit(source(name, make)).text).toMatchFileSnapshot(`./golden/${name}.${ext}`);
    });
  }
});

describe("import → emit → import gives the same IR", () => {
  it.each([
    ["proto", () => importProto(fixture("order.proto")), (s: IrSchema) => importProto(emitProto(s).text)],
    ["avsc", () => importAvsc(fixture("order.avsc")), (s: IrSchema) => importAvsc(emitAvsc(s).text)],
    [
      "jsonschema",
      () => importJsonSchema(fixture("order.schema.json")),
      (s: IrSchema) => importJsonSchema(emitJsonSchema(s).text),
    ],
  ])("%s: a hand-written schema comes back unchanged, root name included", (_idl, first, again) => {
    const ir = first();
    // The kept text (`original`) is the one each import read; everything the IR says is the same.
    expect(withoutOriginal(again(ir))).toEqual(withoutOriginal(ir));
  });

  // Another source (samples or another IDL) goes through one lossy step: names are sanitised for the
  // IDL, proto enums gain a zero value, int64-less IDLs widen types. After that step the IR is a fixed
  // point: importing what was emitted from it gives it back, and emitting it again gives the same text.
  for (const [name, make] of sources) {
    it.each(importers)(`${name} → %s → import is a fixed point`, (_idl, emit, imp) => {
      const text = emit(source(name, make));
      const ir = imp(text);
      expect(imp(emit(ir))).toEqual(ir);
      expect(emit(ir)).toBe(text);
    });
  }

  it.each(["hostile-names", "twitter", "citm_catalog", "canada"])(
    "JSON Schema keeps an inferred IR whole except its source (%s)",
    (name) => {
      const inferred = source(name, sources.find(([n]) => n === name)![1]);
      const again = importJsonSchema(emitJsonSchema(inferred).text);
      expect(again).toEqual({ ...inferred, source: "jsonschema" });
    },
  );
});
