import { readCorpus } from "@wirebench/corpus";
import avro from "avsc";
import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { importProto } from "../src/import/import-proto.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { DataValue, IrType } from "../src/ir.ts";
import { synthesize } from "../src/synthesize/synthesize.ts";
import { check, fixture, schemas } from "./synthesize-helpers.ts";

const schema = inferDataset(readCorpus("twitter.json")).schema;

describe("synthesize", () => {
  it("gives identical data for the same seed and different data for another", () => {
    const a = synthesize(schema, { seed: 7, count: 5 });
    const b = synthesize(schema, { seed: 7, count: 5 });
    const c = synthesize(schema, { seed: 8, count: 5 });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(a).toHaveLength(5);
  });

  it("follows the schema: every record field it writes is in the schema, strings within the length knobs", () => {
    const [m] = synthesize(schema, {
      seed: 1,
      count: 1,
      stringLength: [4, 4],
      arrayLength: [2, 2],
      absentShare: 0,
    }) as {
      statuses: Record<string, unknown>[];
    }[];
    expect(Object.keys(m!)).toEqual(["statuses", "search_metadata"]);
    expect(m!.statuses).toHaveLength(2);
    expect(typeof m!.statuses[0]!.text).toBe("string");
    expect((m!.statuses[0]!.text as string).length).toBe(4);
  });

  it("exercises int64 values beyond 2^53", () => {
    const values = JSON.stringify(synthesize(schema, { seed: 3, count: 20 }), (_k, v) =>
      typeof v === "bigint" ? "BIG" : v,
    );
    expect(values).toContain("BIG");
  });
});

describe("synthesized data conforms to its schema", () => {
  it.each(schemas)("%s: every value fits its type", (_name, make) => {
    const schema = make();
    const seen = check(schema, synthesize(schema, { seed: 11, count: 30 }));
    expect(seen.problems).toEqual([]);
  });

  it("the checker itself rejects data that does not fit", () => {
    const schema = importProto(fixture("order.proto"));
    const [m] = synthesize(schema, { seed: 1, count: 1, absentShare: 0 }) as { [k: string]: DataValue }[];
    const broken = { ...m!, id: "7", extra: 1, status: "NOPE" };
    delete (broken as { lines?: unknown }).lines;
    const problems = check(schema, [broken]).problems.join("\n");
    expect(problems).toMatch(/#0\/id: not an int64/);
    expect(problems).toMatch(/extra is no field of Order/);
    expect(problems).toMatch(/#0\/status: not a symbol of Status/);
    expect(problems).toMatch(/required Order.lines missing/);
  });
});

describe("synthesize knobs", () => {
  it.each(schemas)("%s: stringLength bounds every free-text string and every bytes value", (_name, make) => {
    const schema = make();
    const seen = check(schema, synthesize(schema, { seed: 5, count: 20, stringLength: [2, 6] }));
    for (const n of [...seen.stringLengths, ...seen.byteLengths]) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(6);
    }
  });

  it.each(schemas)("%s: arrayLength caps every array and map", (_name, make) => {
    const schema = make();
    const seen = check(schema, synthesize(schema, { seed: 5, count: 20, arrayLength: [0, 3] }));
    expect(seen.arrayLengths.length + seen.mapSizes.length).toBeGreaterThan(0);
    expect(Math.max(...seen.arrayLengths, ...seen.mapSizes)).toBeLessThanOrEqual(3);
  });

  it("arrayLength bounds arrays and maps from below too, nested ones included", () => {
    // Shallow on purpose: synthesize stops nesting (empty lists) past depth 8 so recursion ends.
    const schema = importJsonSchema(fixture("catalog.schema.json"));
    const seen = check(
      schema,
      synthesize(schema, { seed: 9, count: 20, arrayLength: [2, 4], absentShare: 0 }),
    );
    // products, each product's tags, stock and notes, and labels: arrays of strings and maps alike.
    expect(seen.arrayLengths.length).toBeGreaterThanOrEqual(20 * 3);
    expect(seen.mapSizes.length).toBeGreaterThanOrEqual(20 * 3);
    for (const n of [...seen.arrayLengths, ...seen.mapSizes]) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    // Both ends of the range occur, so the bound is a range and not one fixed length.
    expect(new Set(seen.arrayLengths)).toEqual(new Set([2, 3, 4]));
  });

  it.each([0, 1, 37])("count makes exactly %i messages", (count) => {
    const schema = importProto(fixture("order.proto"));
    expect(synthesize(schema, { seed: 2, count })).toHaveLength(count);
  });

  it("makes 100 messages by default", () => {
    expect(synthesize(importProto(fixture("order.proto")))).toHaveLength(100);
  });

  it("absentShare 0 leaves out no optional field and sets no nullable value to null", () => {
    const schema = importJsonSchema(fixture("catalog.schema.json"));
    const messages = synthesize(schema, { seed: 4, count: 20, absentShare: 0 }) as {
      [k: string]: DataValue;
    }[];
    const text = JSON.stringify(messages, (_k, v) => (typeof v === "bigint" ? String(v) : v));
    expect(text).not.toContain("null");
    for (const m of messages)
      expect(Object.keys(m)).toEqual(["id", "updatedAt", "owner", "products", "labels"]);
  });

  it("absentShare 1 leaves out every optional field", () => {
    const schema = importJsonSchema(fixture("catalog.schema.json"));
    const messages = synthesize(schema, { seed: 4, count: 5, absentShare: 1 }) as {
      [k: string]: DataValue;
    }[];
    for (const m of messages) expect(Object.keys(m)).toEqual(["id", "updatedAt", "products"]);
  });
});

/**
 * A message in Avro's shape along the emitted schema: IDL field names, enum symbols as emitted, and
 * an absent optional field as the null its ["null", T] union takes.
 */
function toAvro(t: IrType, a: IrType, v: DataValue, names: ReturnType<typeof emitAvsc>): unknown {
  if (v === null) return null;
  switch (t.kind) {
    case "nullable":
      return toAvro(t.type, a.kind === "nullable" ? a.type : a, v, names);
    case "enum":
      return names.enumSymbols[t.name]![v as string];
    case "array":
      return (v as DataValue[]).map((x) => toAvro(t.items, (a as typeof t).items, x, names));
    case "map":
      return Object.fromEntries(
        Object.entries(v as object).map(([k, x]) => [k, toAvro(t.values, (a as typeof t).values, x, names)]),
      );
    case "record": {
      const out: Record<string, unknown> = {};
      t.fields.forEach((f, i) => {
        const af = (a as typeof t).fields[i]!;
        const obj = v as { [k: string]: DataValue };
        out[af.name] = Object.hasOwn(obj, f.name) ? toAvro(f.type, af.type, obj[f.name]!, names) : null;
      });
      return out;
    }
    default:
      return v;
  }
}

describe("synthesized data is valid Avro for the emitted .avsc", () => {
  // Schemas without int64: synthesize makes bigints beyond 2^53 there, and avsc's plain long takes numbers.
  it.each(schemas.filter(([n]) => ["canada.json", "hostile-names.json", "catalog.schema.json"].includes(n)))(
    "%s",
    (_name, make) => {
      const schema = make();
      const emitted = emitAvsc(schema);
      const type = avro.Type.forSchema(JSON.parse(emitted.text));
      const messages = synthesize(schema, { seed: 3, count: 30 });
      const invalid: string[] = [];
      for (const m of messages) {
        const value = toAvro(schema.root, emitted.ir.root, m, emitted);
        type.isValid(value, { errorHook: (path) => invalid.push(path.join(".")) });
      }
      expect(invalid).toEqual([]);
      // The hook does fire: a wrong value is reported, so an empty list above means valid data.
      type.isValid({}, { errorHook: (path) => invalid.push(path.join(".")) });
      expect(invalid.length).toBeGreaterThan(0);
    },
  );
});
