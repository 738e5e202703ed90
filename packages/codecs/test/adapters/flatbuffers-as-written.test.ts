import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../schemas/test/fixtures/idl/fbs/${name}`, import.meta.url));

/** The buffer flatc itself builds from the JSON document (`flatc -b`): the reference. */
function flatcBinary(schema: string, document: string, root?: string): Buffer {
  const out = scratchDir("wirebench-flatc-");
  execFileSync("flatc", ["-b", "-o", out, ...(root ? ["--root-type", root] : []), schema, document]);
  const [bin] = readdirSync(out);
  return readFileSync(join(out, bin as string));
}

const flatcSize = (schema: string, document: string, root?: string) =>
  flatcBinary(fixture(schema), fixture(document), root).length;

/** flatc's JSON for a buffer: a field the buffer leaves out is not printed, an empty vector is `[]`. */
function flatcJson(schema: string, buffer: Buffer): unknown {
  const dir = scratchDir("wirebench-flatc-json-");
  writeFileSync(join(dir, "m.bin"), buffer);
  execFileSync("flatc", [
    "--json",
    "--strict-json",
    "--raw-binary",
    "-o",
    dir,
    fixture(schema),
    "--",
    join(dir, "m.bin"),
  ]);
  return JSON.parse(readFileSync(join(dir, "m.json"), "utf8"));
}

const ours = (f: FormatResult) => Buffer.from(f.firstMessage?.base64 ?? "", "base64");

async function measure(schema: string, document: string, rootType?: string): Promise<FormatResult> {
  const dataset = loadDataset({
    text: readFileSync(isAbsolute(document) ? document : fixture(document), "utf8"),
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

  it("writes monster.fbs's union, struct and defaults, and leaves the absent vectors out as flatc -b does", async () => {
    const f = await measure("monster.fbs", "monsterdata.json");
    expect(f.ok, f.error).toBe(true);
    expect(f.fidelity.lossyCount).toBe(0);
    expect(f.artifacts?.find((a) => a.kind === "schema")?.text).toContain("union Equipment { Weapon }");
    // monsterdata.json has no inventory or path: flatc -b writes neither, and neither do we (flatc's
    // TypeScript object API alone would write an empty vector for each: 172 bytes against 148).
    const json = flatcJson("monster.fbs", ours(f)) as Record<string, unknown>;
    const reference = flatcJson(
      "monster.fbs",
      flatcBinary(fixture("monster.fbs"), fixture("monsterdata.json")),
    );
    expect(json).toEqual(reference);
    expect(Object.keys(json)).not.toContain("inventory");
    expect(Object.keys(json)).not.toContain("path");
    // What is left is alignment: the two builders place the vectors and tables in another order.
    expect(f.bytes - flatcSize("monster.fbs", "monsterdata.json")).toBeGreaterThanOrEqual(0);
    expect(f.bytes - flatcSize("monster.fbs", "monsterdata.json")).toBeLessThan(8);
  });

  it("a monster with no vectors is flatc -b's bytes exactly; an empty vector the sample writes stays", async () => {
    const dir = scratchDir("wirebench-monster-");
    const ghost = join(dir, "ghost.json");
    writeFileSync(ghost, JSON.stringify({ name: "Ghost", color: "Green" }));
    const f = await measure("monster.fbs", ghost);
    expect(f.ok, f.error).toBe(true);
    expect(ours(f).toString("hex")).toBe(flatcBinary(fixture("monster.fbs"), ghost).toString("hex"));

    const drake = join(dir, "drake.json");
    writeFileSync(drake, JSON.stringify({ name: "Drake", inventory: [255], weapons: [], path: [] }));
    const g = await measure("monster.fbs", drake);
    expect(g.ok, g.error).toBe(true);
    expect(flatcJson("monster.fbs", ours(g))).toEqual({
      name: "Drake",
      inventory: [255],
      weapons: [],
      path: [],
    });
    expect(g.bytes).toBe(flatcBinary(fixture("monster.fbs"), drake).length);
  });

  it("bench.fbs: the value flatc -b writes; the size differs only by where each builder pads", async () => {
    const f = await measure("bench.fbs", "bench.json");
    expect(f.ok, f.error).toBe(true);
    const reference = flatcBinary(fixture("bench.fbs"), fixture("bench.json"));
    expect(flatcJson("bench.fbs", ours(f))).toEqual(flatcJson("bench.fbs", reference));
    expect(Math.abs(f.bytes - reference.length)).toBeLessThan(16);
  });
});
