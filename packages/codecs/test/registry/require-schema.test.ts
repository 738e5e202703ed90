import type { Dataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { isUnsupported } from "../../src/adapters/types.ts";
import { loadAdapter, registry, runComparison } from "../../src/index.ts";

const untyped: Dataset = {
  schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
  messages: [{ id: 1, tags: ["a", "b"], nested: { ok: true } }],
};
const workDir = () => scratchDir("wirebench-require-schema-");

describe("the registry's schema flag", () => {
  it("turns untyped data away from every schema format with one message naming the format", async () => {
    const names = new Map<string, string>();
    for (const e of registry.filter((x) => x.schema)) {
      const adapter = await loadAdapter(e);
      // Code generation is skipped, not failed: a compiler never starts for data it cannot take.
      if (adapter.generate)
        await expect(adapter.generate(untyped, { workDir: "/nonexistent" })).resolves.toBeUndefined();
      const p = await adapter.prepare(untyped, { workDir: "/nonexistent" });
      expect(isUnsupported(p), e.id).toBe(true);
      const message = isUnsupported(p) ? p.unsupported : "";
      expect(message, e.id).toMatch(/^(\S.*) needs a schema; the IR root is untyped$/);
      names.set(e.format, message.replace(/ needs a schema.*/, ""));
    }
    expect(Object.fromEntries(names)).toEqual({
      protobuf: "Protobuf",
      avro: "Avro",
      thrift: "Thrift",
      flatbuffers: "FlatBuffers",
      capnp: "Cap'n Proto",
    });
  });

  it("is false exactly for the formats that measure untyped data", async () => {
    for (const e of registry.filter((x) => !x.schema)) {
      const p = await (await loadAdapter(e)).prepare(untyped, { workDir: workDir() });
      expect(isUnsupported(p), e.id).toBe(false);
    }
  });

  it("reaches a run's result as that format's error, beside formats that work", async () => {
    const r = await runComparison(untyped, { verifyOnly: true, formats: ["capnp-packed", "avro", "json"] });
    const byId = new Map(r.formats.map((f) => [f.id, f]));
    expect(byId.get("capnp-packed")).toMatchObject({
      ok: false,
      error: "unsupported: Cap'n Proto needs a schema; the IR root is untyped",
    });
    expect(byId.get("avro")).toMatchObject({
      ok: false,
      error: "unsupported: Avro needs a schema; the IR root is untyped",
    });
    expect(byId.get("json")?.ok).toBe(true);
  });
});
