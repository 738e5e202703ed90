import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type FormatResult, loadDataset, runComparison } from "../../src/index.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../schemas/test/fixtures/idl/fbs/${name}`, import.meta.url));

/** The size of the buffer flatc itself builds from the JSON document (`flatc -b`): the reference. */
function flatcSize(schema: string, document: string, root?: string): number {
  const out = mkdtempSync(join(tmpdir(), "wirebench-flatc-"));
  execFileSync("flatc", [
    "-b",
    "-o",
    out,
    ...(root ? ["--root-type", root] : []),
    fixture(schema),
    fixture(document),
  ]);
  const [bin] = readdirSync(out);
  return statSync(join(out, bin as string)).size;
}

async function measure(schema: string, document: string, rootType?: string): Promise<FormatResult> {
  const dataset = loadDataset({
    text: readFileSync(fixture(document), "utf8"),
    schema: { kind: "fbs", text: readFileSync(fixture(schema), "utf8"), ...(rootType ? { rootType } : {}) },
  });
  const r = await runComparison(dataset, { verifyOnly: true, formats: ["flatbuffers"] });
  return r.formats[0] as FormatResult;
}

describe("FlatBuffers measures the user's .fbs as written", () => {
  it.each([
    ["optional_scalars.fbs", "optional_scalars.json", undefined],
    ["basic.fbs", "basic.json", undefined],
    ["hero.fbs", "hero.json", "hero.Warrior"],
    ["nested_union_test.fbs", "nested_union_test.json", undefined],
  ])("%s: the same number of bytes as flatc -b builds from the document", async (schema, document, root) => {
    const f = await measure(schema, document, root);
    expect(f.ok, f.error).toBe(true);
    expect(f.notes?.join("\n")).toMatch(/measured with the \.fbs as written/);
    expect(f.fidelity.lossyCount).toBe(0);
    expect(f.bytes).toBe(flatcSize(schema, document, root));
  });

  it("writes monster.fbs's union, struct and defaults, and reads monsterdata.json back whole", async () => {
    const f = await measure("monster.fbs", "monsterdata.json");
    expect(f.ok, f.error).toBe(true);
    expect(f.fidelity.lossyCount).toBe(0);
    expect(f.artifacts?.find((a) => a.kind === "schema")?.text).toContain("union Equipment { Weapon }");
    // flatc's TypeScript object API writes an empty vector for each absent vector field (inventory,
    // path): 24 bytes over the 148 of flatc -b, a difference of the library, not of the schema.
    expect(f.bytes).toBe(flatcSize("monster.fbs", "monsterdata.json") + 24);
  });
});
