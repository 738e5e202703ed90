import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaRuntime } from "../src/definitions/java.ts";
import {
  crossRuntimeBytes,
  measureInRuntime,
  type RuntimeDefinition,
  type RuntimeRun,
} from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";
import { contacts } from "./thrift-contacts.ts";

/**
 * Apache Thrift measured in the other runtimes end to end: the parent writes the `thriftjson` input
 * (Node's own structs in TJSONProtocol) and hands over the same .thrift Node measures with; each
 * child generates code with `thrift --gen <lang>` and encodes with its official library. Both
 * protocols must write Node's bytes (Node's `thrift-binary`/`thrift-compact`) and read back as
 * Node's do: on AddressBook (from a .proto: the emitted .thrift) and on a user's own .thrift with
 * i8/i16, an i64 beyond 2^53, a map of doubles, binary and optional fields, which round-trips exactly.
 */
const datasets = { addressbook: addressBook(), contacts: contacts() };
type Name = keyof typeof datasets;
const ids = ["thrift-binary", "thrift-compact"];

/** Node's own Thrift entries of each dataset: the bytes and the fidelity every runtime must match. */
const node = {} as Record<Name, FormatResult[]>;
beforeAll(async () => {
  for (const [name, dataset] of Object.entries(datasets))
    node[name as Name] = (
      await runComparison(dataset, { formats: ids, quick: true, verifyOnly: true })
    ).formats;
}, 120_000);

/** A runtime is skipped only when its toolchain (or the project's setup of it) is missing. */
async function thriftIn(def: RuntimeDefinition, library: [string, string]) {
  const runtime = def.id;
  const available = (await def.detect()).available;
  describe.skipIf(!available)(`Thrift binary and compact in the ${runtime} child`, () => {
    const workDir = mkdtempSync(join(tmpdir(), `wb-thrift-${runtime}-`));
    const runs = {} as Record<Name, RuntimeRun>;
    const entry = (name: Name, id: string) => runs[name].formats.find((e) => e.id === id) as FormatResult;
    const nodeEntry = (name: Name, id: string) => node[name].find((e) => e.id === id) as FormatResult;
    beforeAll(async () => {
      for (const [name, dataset] of Object.entries(datasets))
        runs[name as Name] = await measureInRuntime(def, {
          dataset,
          formats: ["thrift"],
          settings: quickSettings,
          processes: 1,
          workDir: join(workDir, name),
        });
    }, 600_000);
    afterAll(() => rmSync(workDir, { recursive: true, force: true }));

    it("measures both protocols, stamped with the pinned library", () => {
      for (const run of Object.values(runs)) {
        expect(run.formats.map((f) => f.id).sort()).toEqual(ids.map((i) => `${i}@${runtime}`));
        for (const f of run.formats) {
          expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
          expect(f.version, f.id).toBe(library[1]);
        }
        expect(run.status.libraries?.[library[0]]).toBe(library[1]);
      }
    });

    it("writes Node's bytes in each protocol, compared with Node's own variant", () => {
      for (const name of Object.keys(datasets) as Name[]) {
        for (const id of ids) {
          const mine = entry(name, `${id}@${runtime}`);
          expect(mine.bytes, `${name} ${id}`).toBe(nodeEntry(name, id).bytes);
          expect(mine.digest, `${name} ${id}`).toBe(nodeEntry(name, id).digest);
        }
        const rows = crossRuntimeBytes([...node[name], ...runs[name].formats]).filter(
          (r) => r.format === "thrift",
        );
        expect(rows).toEqual(
          ids.map((id) => ({ format: "thrift", reference: id, same: [`${id}@${runtime}`], different: [] })),
        );
      }
    });

    it("round-trips the user's .thrift exactly, and AddressBook as Node does", () => {
      for (const id of ids) {
        expect(entry("contacts", `${id}@${runtime}`).fidelity, id).toMatchObject({
          exact: true,
          issueCount: 0,
        });
        // AddressBook's second message leaves out two proto3 fields, which Thrift reads back as
        // "" and []: Node's own entries report the same two issues.
        expect(entry("addressbook", `${id}@${runtime}`).fidelity, id).toEqual(
          nodeEntry("addressbook", id).fidelity,
        );
      }
    });

    it("times encode and decode of both with confidence intervals", () => {
      for (const run of Object.values(runs)) expectTimingsWithCi(run.formats);
    });
  });
}

await thriftIn(javaRuntime, ["org.apache.thrift:libthrift", "0.17.0"]);
