import { type FormatResult, type RunEnvironment, runEnvironmentSchema } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, measureRunNow, type RunFixture, readModel } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("runtimes-run");
});
afterAll(async () => f?.close());

describe("a run with options.runtimes", () => {
  it("measures AddressBook in each runtime after Node, storing every entry's row and the runtimes", async () => {
    const run = await measureRunNow(f.prisma, {
      inputKind: "ndjson",
      sampleText: readModel("addressbook-go.ndjson"),
      schemaText: readModel("addressbook-go.proto"),
      formats: ["protobuf", "cbor"],
      options: { quick: true, schemaKind: "proto", runtimes: ["node", "python", "go", "rust"] },
    });
    expect(run.status, run.error ?? "").toBe("completed");
    const env: RunEnvironment = runEnvironmentSchema.parse(run.environment);
    expect(env.runtimes?.map((s) => s.runtime)).toEqual(["node", "python", "go", "rust"]);
    const rows = new Map(run.results.map((r) => [r.formatId, r.detail as FormatResult]));
    expect(rows.get("protobuf")).toMatchObject({ runtime: "node", bytes: 253, ok: true });
    // cbor-x's padded default came with its minimal variant, the byte reference of other runtimes.
    expect(rows.get("cbor-minimal")).toMatchObject({ runtime: "node", ok: true });
    const others = (env.runtimes ?? []).filter((s) => s.runtime !== "node");
    // Each runtime's Protobuf implementations (Go has two: protobuf and vtprotobuf; Rust's is prost).
    const protobufIn = (runtime: string) =>
      [...rows.values()].filter((r) => r.format === "protobuf" && r.runtime === runtime);
    for (const s of others) {
      const entries = protobufIn(s.runtime);
      if (!s.available) {
        expect(s.reason, s.runtime).toMatch(/\w/);
        expect(entries).toEqual([]);
        continue;
      }
      expect(entries.length, s.runtime).toBeGreaterThan(0);
      for (const row of entries) {
        expect(row, row.id).toMatchObject({
          ok: true,
          bytes: 253,
          runtime: s.runtime,
          runtimeVersion: s.version,
        });
        expect(row.encode?.samples).toBeGreaterThan(0);
        expect(row.digest).toBe(rows.get("protobuf")?.digest);
      }
    }
    const available = others
      .filter((s) => s.available)
      .flatMap((s) => protobufIn(s.runtime).map((r) => r.id));
    // Which implementations wrote Node's bytes, in whatever order their runtimes finished.
    const protobufRow = env.crossRuntime?.find((r) => r.format === "protobuf");
    expect(protobufRow && { ...protobufRow, same: [...protobufRow.same].sort() }).toEqual(
      available.length
        ? { format: "protobuf", reference: "protobuf", same: [...available].sort(), different: [] }
        : undefined,
    );
    if (available.length)
      expect(env.crossRuntime?.find((r) => r.format === "cbor")?.reference).toBe("cbor-minimal");
  }, 600_000);

  it("a run whose only format is Rust's (bincode): Node measures nothing, Rust measures it", async () => {
    const run = await measureRunNow(f.prisma, {
      inputKind: "json",
      sampleText: '[{"id": 1, "name": "ada"}, {"id": 2, "name": "bob"}]',
      formats: ["bincode"],
      options: { quick: true, runtimes: ["rust"] },
    });
    expect(run.status, run.error ?? "").toBe("completed");
    const env: RunEnvironment = runEnvironmentSchema.parse(run.environment);
    const rust = env.runtimes?.find((s) => s.runtime === "rust");
    expect(env.runtimes?.map((s) => s.runtime)).toEqual(["node", "rust"]);
    expect(rust?.available, rust?.reason).toBe(true);
    const rows = run.results.map((r) => r.detail as FormatResult);
    expect(rows.map((r) => r.id)).toEqual(["bincode@rust"]);
    expect(rows[0]).toMatchObject({ ok: true, format: "bincode", runtime: "rust" });
    expect(rows[0]?.bytes).toBeGreaterThan(0);
    expect(rows[0]?.encode?.samples).toBeGreaterThan(0);
  }, 600_000);
});
