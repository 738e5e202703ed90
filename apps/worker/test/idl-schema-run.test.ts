import { readFileSync } from "node:fs";
import { formatResultSchema } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, measureRunNow, type RunFixture } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("idl-run");
});
afterAll(async () => f?.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/schemas/test/fixtures/idl/${name}`, import.meta.url), "utf8");

describe("a run made from a .capnp schema and its document", () => {
  it("completes in the worker with Cap'n Proto measuring the schema as written", async () => {
    const run = await measureRunNow(f.prisma, {
      inputKind: "json",
      sampleText: fixture("capnp/addressbook.json"),
      schemaText: fixture("capnp/addressbook.capnp"),
      formats: ["capnp", "json"],
      options: { quick: true, schemaKind: "capnp", schemaRoot: "AddressBook" },
    });
    expect(run.status, run.error ?? "").toBe("completed");
    const row = run.results.find((r) => r.formatId === "capnp");
    const entry = formatResultSchema.parse(row?.detail);
    expect(entry.ok, entry.error ?? "").toBe(true);
    // 288 bytes: what `capnp encode` gives for the same document (see the codecs package's tests).
    expect(entry.bytes).toBe(288);
    expect(entry.notes?.join("\n")).toMatch(/measured with the \.capnp as written/);
  }, 180_000);
});
