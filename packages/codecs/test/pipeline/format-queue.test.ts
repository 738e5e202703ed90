import { describe, expect, it } from "vitest";
import { FormatQueue } from "../../src/pipeline/format-queue.ts";
import { registry } from "../../src/registry/registry.ts";
import { fixtureEntry } from "../helpers/fixture-entry.ts";

const ids = (xs: { id: string }[]) => xs.map((e) => e.id).sort();

describe("FormatQueue", () => {
  it("fixes the code generators to children and hands every other format out once, variants together", () => {
    const q = new FormatQueue(registry, 2);
    expect(q.fixed).toHaveLength(2);
    const fixed = q.fixed.flat();
    expect(ids(fixed)).toEqual(
      ids(registry.filter((e) => ["flatbuffers", "thrift", "capnp"].includes(e.format))),
    );
    for (const format of ["thrift", "capnp"])
      expect(q.fixed.filter((g) => g.some((e) => e.format === format))).toHaveLength(1);
    const handed: string[][] = [];
    for (let next = q.next(); next; next = q.next()) handed.push(next.map((e) => e.id));
    expect(q.empty).toBe(true);
    expect(q.next()).toBeUndefined();
    // Each claim is one format with all its variants.
    for (const claim of handed) {
      const formats = new Set(claim.map((id) => registry.find((e) => e.id === id)?.format));
      expect(formats.size).toBe(1);
      expect(claim).toHaveLength(registry.filter((e) => formats.has(e.format)).length);
    }
    expect([...handed.flat(), ...fixed.map((e) => e.id)].sort()).toEqual(ids(registry));
  });

  it("starts a child per shard there are formats for, even with none fixed to it", () => {
    const two = registry.filter((e) => e.format === "json" || e.format === "msgpack");
    const q = new FormatQueue(two, 8);
    expect(q.fixed).toEqual([[], []]);
    expect(q.next()?.map((e) => e.format)).toEqual(["json"]);
  });

  it("fixes an adapter that does not say whether it generates code (a plugin)", () => {
    const plugin = fixtureEntry("paced-adapters.js", "plugin", "fastAdapter");
    const json = registry.filter((e) => e.id === "json");
    const q = new FormatQueue([...json, plugin], 2);
    expect(q.fixed.flat().map((e) => e.id)).toEqual(["plugin"]);
    expect(q.next()?.map((e) => e.id)).toEqual(["json"]);
    expect(q.next()).toBeUndefined();
  });
});
