import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitCapnp } from "../src/emit/emit-capnp.ts";
import { emitFbs } from "../src/emit/emit-fbs.ts";
import { emitJsonSchema } from "../src/emit/emit-jsonschema.ts";
import { emitProto } from "../src/emit/emit-proto.ts";
import { emitThrift } from "../src/emit/emit-thrift.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { measureSchema } from "../src/measure/schema-size.ts";
import { refBombSchema } from "./hostile/hostile-inputs.ts";

// 8 fields per level, 40 levels, all shared: 8^40 leaves once expanded, which no walk could finish.
const text = refBombSchema(8, 40);
const ir = importJsonSchema(text);

describe("emitters on shared types", () => {
  it.each([
    ["proto", emitProto],
    ["avsc", emitAvsc],
    ["thrift", emitThrift],
    ["fbs", emitFbs],
    ["capnp", emitCapnp],
    ["jsonschema", emitJsonSchema],
  ] as const)("%s writes each shared type once: text proportional to the schema's", (idl, emit) => {
    expect(measureSchema(ir.root).leaves).toBe(Number.MAX_SAFE_INTEGER);
    const emitted = emit(ir);
    // Avro defines a named type where it is first used, nested in its user, so its pretty-printed
    // text is indented one step deeper per level: depth × schema, still nothing like 8^40.
    const bound = idl === "avsc" ? 40 * text.length : 5 * text.length;
    expect(emitted.text.length).toBeLessThan(bound);
    expect(Object.keys(emitted.types)).toHaveLength(40);
  });
});
