import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnCli } from "./helpers/spawn-cli.ts";

/**
 * `ci --schema` and `compare --schema` read a schema file through one detector: a JSON Schema in a
 * file named `x.schema` (made only of `$ref` and `$defs`) is a JSON Schema for both, and the same
 * document given as the sample is refused as a schema.
 */
const dir = mkdtempSync(join(tmpdir(), "wirebench-schema-kind-"));
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

/** A server answering the three calls `wirebench ci` makes; it keeps the body of the run it was sent. */
const posted: unknown[] = [];
let server: Server;
let url = "";
beforeAll(async () => {
  const id = "runSchemaKindAAAAAAAAA";
  const run = {
    id,
    url: `http://wb.test/runs/${id}`,
    status: "completed",
    error: null,
    progress: { json: "done" },
  };
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => {
      body += d;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      res.setHeader("content-type", "application/json");
      if (req.method === "POST" && path === "/api/v1/runs") {
        posted.push(JSON.parse(body));
        res.writeHead(202).end(JSON.stringify({ id, url: run.url, status: "queued" }));
      } else if (path === `/api/v1/runs/${id}`) res.writeHead(200).end(JSON.stringify(run));
      else if (path === `/api/v1/runs/${id}/comparison`)
        res.writeHead(200).end(
          JSON.stringify({
            run,
            baseline: null,
            formats: [],
            newlyFailing: [],
            missing: [],
            checks: [],
            pass: true,
            note: "no baseline given",
          }),
        );
      else res.writeHead(404).end(JSON.stringify({ error: { code: "NOT_FOUND", message: "no route" } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("a JSON Schema in a file not named .json", { timeout: 120_000 }, () => {
  it("is sent by ci --schema as a JSON Schema", async () => {
    const res = await cli(
      "ci",
      sample,
      "--server",
      url,
      "--token",
      "t",
      "--poll-interval",
      "0.1",
      "--schema",
      schema,
    );
    expect(res.stderr).not.toContain("wirebench:");
    expect(res.code).toBe(0);
    expect(posted.at(-1)).toMatchObject({
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
