import { describe, expect, it } from "vitest";
import { FormatQueue } from "../../src/pipeline/format-queue.ts";
import { type RegistryEntry, registry } from "../../src/registry/registry.ts";
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
    // Both children ask (see the share rule below).
    for (let next = q.next(1); next; next = q.next(0)) handed.push(next.map((e) => e.id));
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
    const other = q.fixed.findIndex((g) => g.length === 0);
    expect(q.next(other)?.map((e) => e.id)).toEqual(["json"]);
    expect(q.next(other)).toBeUndefined();
  });

  it("balances what timing will cost each child, from both ends, when an earlier run recorded costs", () => {
    const formats = ["json", "msgpack", "yaml", "xml", "ion"];
    const some = registry.filter((e) => formats.includes(e.format));
    const claims = (costs: Map<string, number>, children: number[]) => {
      const q = new FormatQueue(some, 2, costs);
      return children.map((child) => q.next(child)?.[0]?.format);
    };
    // Nothing recorded: the registry's order, whoever asks.
    expect(claims(new Map(), [0, 1, 0, 0, 1])).toEqual([...new Set(some.map((e) => e.format))]);
    const costs = new Map([
      ["json", 1],
      ["msgpack", 2],
      ["yaml", 80],
      ["xml", 30],
      ["ion", 50],
    ]);
    // The lighter child (or one as light as any) takes the costliest left, a heavier one the cheapest:
    // loads 80/0, 80/50, 80/80, 82/80, then child 0 (heavier) gets json; both end near 81.
    expect(claims(costs, [0, 1, 1, 0, 0])).toEqual(["yaml", "ion", "xml", "msgpack", "json"]);
    // A format with no recorded cost counts as costly as the costliest recorded (msgpack precedes
    // yaml in the registry, so it goes first of the two).
    costs.delete("msgpack");
    expect(claims(costs, [0, 1])).toEqual(["msgpack", "yaml"]);
  });

  it("with holdAtShare, stops a child at its share, once, while a sibling holds less; the sibling takes the rest", () => {
    const formats = ["json", "msgpack", "cbor", "bson", "yaml", "xml"];
    const some = registry.filter((e) => formats.includes(e.format));
    const formatOf = (g: RegistryEntry[] | undefined) => g?.[0]?.format;
    // Nothing recorded: the share is half the formats, handed out in the registry's order.
    const inOrder = [...new Set(some.map((e) => e.format))];
    const q = new FormatQueue(some, 2, undefined, true);
    expect([formatOf(q.next(0)), formatOf(q.next(0)), formatOf(q.next(0))]).toEqual(inOrder.slice(0, 3));
    expect(q.next(0)).toBeUndefined();
    // The first replicate's queue (no holdAtShare) hands out to whoever asks.
    const first = new FormatQueue(some, 2);
    for (let k = 0; k < inOrder.length; k++) expect(first.next(0)).toBeDefined();
    expect(first.empty).toBe(true);
    expect(q.empty).toBe(false);
    const rest = [formatOf(q.next(1)), formatOf(q.next(1)), formatOf(q.next(1)), q.next(1)];
    expect(rest).toEqual([...inOrder.slice(3), undefined]);
    // With costs, the share is half their sum: YAML alone is more than half.
    const costs = new Map([
      ["yaml", 80],
      ["xml", 30],
      ["json", 1],
      ["msgpack", 2],
      ["cbor", 2],
      ["bson", 3],
    ]);
    const c = new FormatQueue(some, 2, costs, true);
    expect(formatOf(c.next(0))).toBe("yaml");
    expect(c.next(0)).toBeUndefined();
    // Once: a child started again (its sibling never asked) drains the queue.
    const drained: (string | undefined)[] = [];
    for (let g = c.next(0); g; g = c.next(0)) drained.push(formatOf(g));
    expect(drained.sort()).toEqual(["bson", "cbor", "json", "msgpack", "xml"]);
    // A sibling that asked but still holds less than its share holds the other back too.
    const d = new FormatQueue(some, 2, costs, true);
    expect(formatOf(d.next(1))).toBe("yaml");
    expect(formatOf(d.next(0))).toBe("xml");
    expect(formatOf(d.next(0))).toBe("bson");
    expect(d.next(1)).toBeUndefined();
    expect(formatOf(d.next(0))).toBe("msgpack");
  });

  it("counts the formats fixed to a child in what it holds", () => {
    const some = registry.filter((e) => ["capnp", "json", "yaml", "xml"].includes(e.format));
    const q = new FormatQueue(
      some,
      2,
      new Map([
        ["capnp", 40],
        ["yaml", 80],
        ["xml", 30],
        ["json", 1],
      ]),
    );
    const withCapnp = q.fixed.findIndex((g) => g.some((e) => e.format === "capnp"));
    const other = 1 - withCapnp;
    // The child without Cap'n Proto is the lighter one and takes YAML; the other then gets XML.
    expect(q.next(other)?.[0]?.format).toBe("yaml");
    expect(q.next(withCapnp)?.[0]?.format).toBe("xml");
    expect(q.next(other)?.[0]?.format).toBe("json");
  });
});
