import { describe, expect, it } from "vitest";
import { emitProto } from "../src/emit/emit-proto.ts";
import { UniqueTypeNames } from "../src/import/unique-type-names.ts";
import { TypeNames } from "../src/infer/decide-type.ts";
import { inferSchema } from "../src/infer/infer-schema.ts";
import type { RecordType } from "../src/ir.ts";
import { IdentifierScope } from "../src/naming/identifiers.ts";
import { protoReserved } from "../src/naming/reserved-words.ts";
import { punctuationKey, punctuationKeysSample } from "./hostile/hostile-inputs.ts";

// Sizes at which probing Name2, Name3, … from 2 on every call (n²/2 set lookups: 5·10^9 for 100,000)
// would run for minutes; remembering the next number per base name makes them linear. The vitest
// timeout is the guard; the assertions check that the names are still the same ones.
const many = 100_000;

describe("type and identifier names in linear time", () => {
  it("TypeNames numbers 100,000 same-named types Record, Record2, … in order", { timeout: 20_000 }, () => {
    const names = new TypeNames();
    const got = Array.from({ length: many }, () => names.take("!?", "Record"));
    expect(got[0]).toBe("Record");
    expect(got[1]).toBe("Record2");
    expect(got[many - 1]).toBe(`Record${many}`);
    expect(new Set(got).size).toBe(many);
  });

  it("TypeNames skips a number another base already took", () => {
    const names = new TypeNames();
    expect(names.take("A2", "R")).toBe("A2");
    expect(["a", "a", "a"].map((h) => names.take(h, "R"))).toEqual(["A", "A3", "A4"]);
  });

  it("IdentifierScope gives 100,000 punctuation keys distinct identifiers f, f2, …", {
    timeout: 20_000,
  }, () => {
    const scope = new IdentifierScope({
      style: "keep",
      reserved: protoReserved,
      underscores: true,
      prefix: "f",
      loose: true,
    });
    const got = Array.from({ length: many }, (_, i) => scope.take(punctuationKey(i)));
    expect(got.slice(0, 3)).toEqual(["f", "f2", "f3"]);
    expect(new Set(got.map((n) => n.toLowerCase())).size).toBe(many);
  });

  it("IdentifierScope still steps over reserved words and loose collisions", () => {
    const scope = new IdentifierScope({
      style: "keep",
      reserved: new Set(["x2"]),
      underscores: true,
      prefix: "f",
      loose: true,
    });
    expect(["x", "X", "x", "x_3"].map((n) => scope.take(n))).toEqual(["x", "X3", "x4", "x_32"]);
  });

  it("UniqueTypeNames qualifies, then numbers, a short name several types share", () => {
    const names = new UniqueTypeNames();
    const got = [["Item"], ["", "Item"], ["", "", "Item"], ["a", "Item"], ["A", "Item"]].map((p) =>
      names.name(p),
    );
    expect(got).toEqual(["Item", "Item2", "Item3", "AItem", "AItem2"]);
  });

  it("infers and emits 20,000 punctuation-only keys, each holding an object", { timeout: 60_000 }, () => {
    const ir = inferSchema(punctuationKeysSample(20_000));
    const root = ir.root as RecordType;
    expect(root.kind).toBe("record");
    expect(root.fields).toHaveLength(20_000);
    const typeNames = root.fields.map((f) => (f.type as RecordType).name);
    expect(new Set(typeNames).size).toBe(20_000);
    expect(typeNames.at(-1)).toBe("Record20000");
    const proto = emitProto(ir);
    expect(Object.keys(proto.fields[root.name]!)).toHaveLength(20_000);
    expect(new Set(Object.values(proto.fields[root.name]!)).size).toBe(20_000);
  });
});
