import { type FormatResult, type RunEnvironment, runEnvironmentSchema } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, measureRunNow, type RunFixture, readModel } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("bounded-runtimes");
});
afterAll(async () => f?.close());

/** AddressBook's Protobuf in Node and Python, with the worker settings in `env`. */
async function measure(env: Record<string, string> = {}) {
  const run = await measureRunNow(
    f.prisma,
    {
      inputKind: "ndjson",
      sampleText: readModel("addressbook-go.ndjson"),
      schemaText: readModel("addressbook-go.proto"),
      formats: ["protobuf"],
      options: { quick: true, schemaKind: "proto", runtimes: ["python"] },
    },
    env,
  );
  const environment: RunEnvironment = runEnvironmentSchema.parse(run.environment);
  const rows = run.results.map((r) => r.detail as FormatResult);
  return { run, environment, rows };
}

describe("measuring other runtimes in a bounded child", () => {
  it("saves each runtime's entries the child streams back, and its status", async () => {
    const { run, environment, rows } = await measure();
    expect(run.status, run.error ?? "").toBe("completed");
    const python = environment.runtimes?.find((s) => s.runtime === "python");
    // The machine has Python and its protobuf (docs/polyglot.md): the child must have measured it.
    expect(python, JSON.stringify(environment.runtimes)).toMatchObject({ available: true });
    const pythonRows = rows.filter((r) => r.runtime === "python");
    expect(pythonRows.length).toBeGreaterThan(0);
    for (const row of pythonRows) {
      expect(row, row.id).toMatchObject({ ok: true, bytes: 253, runtimeVersion: python?.version });
      expect(row.encode?.samples, row.id).toBeGreaterThan(0);
    }
    expect(rows.find((r) => r.id === "protobuf")).toMatchObject({ runtime: "node", ok: true, bytes: 253 });
    // Each Python entry's stage came through the child as Node's do, and ended done.
    expect(run.progress).toMatchObject(Object.fromEntries(pythonRows.map((r) => [r.id, "done"])));
    expect(environment.crossRuntime?.find((r) => r.format === "protobuf")).toMatchObject({
      reference: "protobuf",
      same: pythonRows.map((r) => r.id),
      different: [],
    });
  }, 300_000);

  it.each([
    [
      "resident memory",
      // Node alone is resident above 32 MB: the watchdog stops the child at its first look.
      { WORKER_RUNTIMES_RSS_MB: "32" },
      "measuring in other runtimes exceeded the memory limit (32 MB resident, WORKER_RUNTIMES_RSS_MB)",
    ],
    [
      "time",
      // Starting the child and Python takes longer than half a second.
      { WORKER_RUNTIMES_TIMEOUT_MS: "500" },
      "measuring in other runtimes exceeded the time limit (500 ms, WORKER_RUNTIMES_TIMEOUT_MS)",
    ],
  ])(
    "completes a run whose runtimes child exceeds its %s with Node's results and the reason",
    async (_, env, reason) => {
      const { run, environment, rows } = await measure(env);
      expect(run.status, run.error ?? "").toBe("completed");
      expect(rows.find((r) => r.id === "protobuf")).toMatchObject({ runtime: "node", ok: true, bytes: 253 });
      expect(rows.find((r) => r.id === "protobuf")?.encode?.samples).toBeGreaterThan(0);
      expect(environment.runtimes?.map((s) => s.runtime)).toEqual(["node", "python"]);
      expect(environment.runtimes?.find((s) => s.runtime === "python")).toMatchObject({
        available: false,
        reason,
      });
      // Whatever the child had reported of Python is either done or failed with the same reason.
      for (const row of rows.filter((r) => r.runtime === "python"))
        if (!row.ok) expect(row.error, row.id).toBe(reason);
      // No Python entry is left at a stage it will never leave.
      const progress = run.progress as Record<string, string>;
      for (const [id, stage] of Object.entries(progress))
        if (id.endsWith("@python")) expect(["done", "failed"], id).toContain(stage);
    },
    300_000,
  );
});
