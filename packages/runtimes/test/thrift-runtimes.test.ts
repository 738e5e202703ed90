import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goRuntime } from "../src/definitions/go.ts";
import { javaRuntime } from "../src/definitions/java.ts";
import { pythonRuntime } from "../src/definitions/python.ts";
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
async function thriftIn(
  def: RuntimeDefinition,
  library: [string, string],
  { addressBookBytes = true, notes }: { addressBookBytes?: boolean; notes?: RegExp } = {},
) {
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
          if (notes) expect(f.notes?.join(" "), f.id).toMatch(notes);
        }
        expect(run.status.libraries?.[library[0]]).toBe(library[1]);
      }
    });

    it("writes Node's bytes in each protocol on the user's .thrift, compared with Node's own variant", () => {
      for (const id of ids) {
        const mine = entry("contacts", `${id}@${runtime}`);
        expect(mine.bytes, id).toBe(nodeEntry("contacts", id).bytes);
        expect(mine.digest, id).toBe(nodeEntry("contacts", id).digest);
      }
      const rows = crossRuntimeBytes([...node.contacts, ...runs.contacts.formats]).filter(
        (r) => r.format === "thrift",
      );
      expect(rows).toEqual(
        ids.map((id) => ({ format: "thrift", reference: id, same: [`${id}@${runtime}`], different: [] })),
      );
    });

    it(
      addressBookBytes
        ? "writes Node's bytes on AddressBook's emitted .thrift"
        : "on AddressBook writes the two fields of default requiredness Node leaves out, and only those",
      () => {
        const rows = crossRuntimeBytes([...node.addressbook, ...runs.addressbook.formats]).filter(
          (r) => r.format === "thrift",
        );
        if (addressBookBytes) {
          expect(rows).toEqual(
            ids.map((id) => ({ format: "thrift", reference: id, same: [`${id}@${runtime}`], different: [] })),
          );
          return;
        }
        // The emitted .thrift gives proto3's implicit fields Thrift's default requiredness ("opt-in,
        // req-out"). Carol (message 2) has no email and no phones: Node's and Java's structs hold null
        // there and write nothing; Go's generated struct holds a string and a slice, and writes "" and
        // an empty list. The first messages agree.
        const extra = { "thrift-binary": 7 + 8, "thrift-compact": 2 + 2 };
        expect(rows).toEqual(
          ids.map((id) => ({
            format: "thrift",
            reference: id,
            same: [],
            different: [
              {
                id: `${id}@${runtime}`,
                bytes: nodeEntry("addressbook", id).bytes + extra[id as keyof typeof extra],
                firstDifferenceAt: -1,
              },
            ],
          })),
        );
      },
    );

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
await thriftIn(goRuntime, ["github.com/apache/thrift", "v0.17.0"], { addressBookBytes: false });
// The C-accelerated protocols, as Python users run them: setup's pip build of `fastbinary` must work.
await thriftIn(pythonRuntime, ["thrift", "0.20.0"], { notes: /T(Binary|Compact)ProtocolAccelerated\b/ });

// Generated Protobuf and Thrift code both have to be compiled into the Go child: `link` builds one
// binary of a run's two generated folders.
describe.skipIf(!(await goRuntime.detect()).available)("a Go run with Protobuf and Thrift together", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-thrift-go-link-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("measures protobuf@go and thrift-compact@go in one child", async () => {
    const run = await measureInRuntime(goRuntime, {
      dataset: datasets.addressbook,
      formats: ["protobuf@go", "thrift-compact"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    expect(run.formats.map((f) => f.id).sort()).toEqual(["protobuf@go", "thrift-compact@go"]);
    const protobuf = run.formats.find((f) => f.id === "protobuf@go") as FormatResult;
    expect(protobuf.bytes).toBe(253);
    const compact = run.formats.find((f) => f.id === "thrift-compact@go") as FormatResult;
    const nodeCompact = node.addressbook.find((n) => n.id === "thrift-compact") as FormatResult;
    expect(compact.bytes).toBe(nodeCompact.bytes + 4);
  }, 600_000);
});
