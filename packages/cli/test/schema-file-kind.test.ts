import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { spawnCli } from "./helpers/spawn-cli.ts";
import { ScriptedServer } from "./scripted-server.ts";

/**
 * `ci --schema` and `compare --schema` read a schema file through one detector: a JSON Schema in a
 * file named `x.schema` (made only of `$ref` and `$defs`) is a JSON Schema for both, and the same
 * document given as the sample is refused as a schema.
 */
const dir = scratchDir("wirebench-schema-kind-");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const refOnlyText = JSON.stringify({
  $ref: "#/$defs/Item",
  $defs: { Item: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } } },
});
const schema = file("item.schema", refOnlyText);
const sample = file(
  "items.json",
  JSON.stringify([
    { id: 1, name: "a" },
    { id: 2, name: "b" },
  ]),
);

const cli = (...args: string[]) => spawnCli(args);

// The shared scripted server answers with whole contract shapes; it keeps the body of each request.
const server = new ScriptedServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

describe("a JSON Schema in a file not named .json", { timeout: 120_000 }, () => {
  it("is sent by ci --schema as a JSON Schema", async () => {
    const res = await cli(
      "ci",
      sample,
      "--server",
      server.url,
      "--token",
      "t",
      "--poll-interval",
      "0.1",
      "--schema",
      schema,
    );
    expect(res.stderr).not.toContain("wirebench:");
    expect(res.code).toBe(0);
    const posted = server.seen.find((x) => x.method === "POST");
    expect(JSON.parse(posted!.body)).toMatchObject({
      sample: readFileSync(sample, "utf8"),
      schema: { kind: "jsonschema", text: refOnlyText },
    });
  });

  it("is read by compare --schema as a JSON Schema", async () => {
    const out = join(dir, "result.json");
    const res = await cli(
      "compare",
      sample,
      "--schema",
      schema,
      "--formats",
      "json",
      "--quick",
      "--json",
      out,
    );
    expect(res.code).toBe(0);
    // Inferred from the sample, the record would be named after no $defs entry.
    expect(JSON.parse(readFileSync(out, "utf8")).dataset).toEqual({ messages: 2, schemaName: "Item" });
  });

  it("is refused by compare as a sample, naming --schema", async () => {
    const res = await cli("compare", schema, "--formats", "json", "--quick");
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe(
      `wirebench: ${schema}: this is a JSON Schema, not data; pass it as --schema, with a sample that follows it`,
    );
  });
});
