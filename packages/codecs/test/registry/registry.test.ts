import { describe, expect, it } from "vitest";
import { registry, selectEntries } from "../../src/registry/registry.ts";

describe("registry", () => {
  it("lists every variant of docs/architecture.md's formats once", () => {
    const ids = registry.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        "json",
        "msgpackr",
        "msgpackr-records",
        "msgpack-js",
        "cbor",
        "bson",
        "ion",
        "v8",
      ]),
    );
    expect(ids).toEqual(expect.arrayContaining(["protobuf", "protobuf-json", "avro", "xml", "yaml"]));
    expect(ids).toEqual(
      expect.arrayContaining(["thrift-binary", "thrift-compact", "flatbuffers", "capnp", "capnp-packed"]),
    );
  });

  it("selects by id first, then by format name", () => {
    expect(selectEntries(registry, ["protobuf"]).map((e) => e.id)).toEqual(["protobuf"]);
    expect(selectEntries(registry, ["msgpack"]).map((e) => e.id)).toEqual([
      "msgpackr",
      "msgpackr-minimal",
      "msgpackr-records",
      "msgpack-js",
    ]);
    expect(selectEntries(registry, ["thrift", " JSON "]).map((e) => e.id)).toEqual([
      "json",
      "thrift-binary",
      "thrift-compact",
    ]);
  });

  it("no list selects every entry, an empty list none (a run whose formats are other runtimes')", () => {
    expect(selectEntries(registry)).toEqual(registry);
    expect(selectEntries(registry, [])).toEqual([]);
    expect(() => selectEntries(registry, ["colfer"])).toThrow(/^unknown format "colfer"; choose from json, /);
  });

  it("names, on each padded library default, a minimal variant of the same format and library", () => {
    const defaults = registry.filter((e) => e.minimalVariant);
    expect(defaults.map((e) => e.id)).toEqual(["msgpackr", "cbor"]);
    for (const d of defaults) {
      const minimal = registry.find((e) => e.id === d.minimalVariant);
      expect(minimal, d.id).toMatchObject({ format: d.format, library: d.library });
      expect(minimal?.minimalVariant, d.id).toBeUndefined();
    }
  });
});
