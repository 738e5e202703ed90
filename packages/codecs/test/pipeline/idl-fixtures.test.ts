import { readFileSync } from "node:fs";
import type { SchemaKind } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

/** Public .thrift, .fbs and .capnp schemas with a document each (packages/schemas/test/fixtures/idl). */
const dir = new URL("../../../schemas/test/fixtures/idl/", import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), "utf8");
interface Case {
  kind: SchemaKind;
  schema: string;
  document: string;
  root?: string;
}
const cases = JSON.parse(read("cases.json")) as Case[];
/** The format each schema kind is native to: it measures the schema as written. */
const ownFormat: Record<string, string> = { thrift: "thrift-binary", fbs: "flatbuffers", capnp: "capnp" };

const load = (c: Case) =>
  loadDataset({
    text: read(c.document),
    schema: { kind: c.kind, text: read(c.schema), ...(c.root ? { rootType: c.root } : {}) },
  });

describe("public IDL schemas with their documents", () => {
  it("has at least five schemas of each kind", () => {
    for (const kind of ["thrift", "fbs", "capnp"])
      expect(cases.filter((c) => c.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
  });

  it.each(cases.map((c) => [c.schema, c] as const))("%s imports and its document follows it", (_, c) => {
    const d = load(c);
    expect(d.schema.source).toBe(c.kind);
    expect(d.schema.original?.text).toBe(read(c.schema));
    expect(d.messages).toHaveLength(1);
  });

  it.each(cases.map((c) => [c.schema, c] as const))(
    "%s round-trips through its own format, Protobuf and JSON",
    async (_, c) => {
      const formats = [ownFormat[c.kind] as string, "protobuf", "json"];
      const r = await runComparison(load(c), { verifyOnly: true, formats });
      const byId = new Map<string, FormatResult>(r.formats.map((f) => [f.id as string, f]));
      for (const id of formats) {
        const f = byId.get(id);
        expect(f?.ok, `${id}: ${f?.error}`).toBe(true);
        expect(f?.bytes, id).toBeGreaterThan(0);
        // Apart from JSON (which loses int64 precision by design), the only losses allowed are the
        // schema's own: a Float32 field rounds a JSON decimal, and a Cap'n Proto Void union member
        // (null) is not carried by formats with no null field.
        if (id === "json") continue;
        const lossy = f?.fidelity.issues.filter((i) => i.severity === "lossy").map((i) => i.kind) ?? [];
        for (const kind of lossy)
          expect(["float32-rounding", "null-vs-absent"], `${id}: ${kind}`).toContain(kind);
      }
    },
  );

  it("refuses the public schemas that include other files or are recursive, by name", () => {
    const eval_ = { ...cases.find((c) => c.schema === "capnp/eval.capnp")!, root: "Expression" };
    expect(() => load(eval_)).toThrow(/recursive type Expression/);
  });
});
