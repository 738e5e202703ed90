import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { type Dataset, loadDataset } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rustRuntime } from "../src/definitions/rust.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";
import { describeCountsInRuntime } from "./idl-in-runtime.ts";

/**
 * The parent driving the real Rust child on AddressBook for the formats beyond the five families:
 * FlatBuffers and Cap'n Proto (from Node's own bytes, the `flatbuffers`/`capnp` input shapes, with
 * the .fbs/.capnp compiled into one binary by `link`) and bincode, beside Node's entries.
 */
const dataset = addressBook();
const available = (await rustRuntime.detect()).available;

describe.skipIf(!available)("measureInRuntime with the Rust child: FlatBuffers, Cap'n Proto, bincode", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-rust-idl-"));
  let run: RuntimeRun;
  let node: FormatResult[];
  const entry = (id: string) => run.formats.find((e) => e.id === id) as FormatResult;
  const nodeEntry = (id: string) => node.find((e) => e.id === id) as FormatResult;
  beforeAll(async () => {
    run = await measureInRuntime(rustRuntime, {
      dataset,
      formats: ["flatbuffers", "capnp", "bincode"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    node = (
      await runComparison(dataset, { formats: ["flatbuffers", "capnp"], quick: true, verifyOnly: true })
    ).formats;
    // One cargo build of the per-schema package with both schemas (half a minute of CPU when not cached).
  }, 600_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("measures all three, stamped with the crates Cargo.lock pins", () => {
    expect(run.formats.map((f) => f.id).sort()).toEqual(["bincode@rust", "capnp@rust", "flatbuffers@rust"]);
    for (const f of run.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    expect(run.status.libraries).toMatchObject({ flatbuffers: "2.0.0", capnp: "0.27.3", bincode: "2.0.1" });
    expect(entry("flatbuffers@rust").version).toBe("2.0.0");
  });

  it("Cap'n Proto: Node's bytes exactly; FlatBuffers: Node's size and content, its own field order", () => {
    const capnp = entry("capnp@rust");
    expect(capnp.bytes).toBe(512);
    expect(capnp.digest).toBe(nodeEntry("capnp").digest);
    expect(capnp.fidelity).toEqual(nodeEntry("capnp").fidelity);
    const fb = entry("flatbuffers@rust");
    expect(fb.bytes).toBe(nodeEntry("flatbuffers").bytes);
    // flatc's Rust builder adds a table's fields largest first, its TypeScript one in declaration
    // order: the same values at other offsets (Node's adapter reads them back the same).
    expect(fb.digest).not.toBe(nodeEntry("flatbuffers").digest);
    expect(fb.fidelity).toEqual(nodeEntry("flatbuffers").fidelity);
    const cross = crossRuntimeBytes([...node, ...run.formats]);
    expect(cross.find((c) => c.format === "capnp")).toMatchObject({ same: ["capnp@rust"], different: [] });
  });

  it("bincode: an exact round trip of the data model, its own size", () => {
    const b = entry("bincode@rust");
    expect(b.fidelity).toMatchObject({ exact: true, issues: [] });
    expect(b.bytes).toBeGreaterThan(0);
    expect(b.bytes).toBeLessThan(entry("flatbuffers@rust").bytes);
  });

  it("times encode and decode of every entry with confidence intervals", () => {
    expectTimingsWithCi(run.formats);
  });
});

// Counting needs the binary with the .fbs/.capnp code linked in, as the timed run had it.
describeCountsInRuntime(rustRuntime, ["flatbuffers@rust", "capnp@rust"], available);

// Untyped JSON (schema inferred, emitted as .fbs/.capnp): 64-bit integers, doubles, booleans, lists of
// text and of structs, a null string, base64 text.
const mixed: Dataset = loadDataset({
  text: JSON.stringify([
    { id: 1, score: 0.1, ok: true, tags: ["a", "b"], note: "x", items: [{ n: 1, w: 2.5 }], blob: "AP8=" },
    { id: -5, score: -1e300, ok: false, tags: [], note: null, items: [], blob: "" },
  ]),
  sampleFormat: "json",
});

describe.skipIf(!available)("the Rust child's FlatBuffers and Cap'n Proto on inferred schemas", () => {
  const workDir = mkdtempSync(join(tmpdir(), "wb-rust-idl-mixed-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it("round-trips exactly, as Node does; Cap'n Proto in Node's bytes", async () => {
    const run = await measureInRuntime(rustRuntime, {
      dataset: mixed,
      formats: ["flatbuffers", "capnp"],
      settings: quickSettings,
      processes: 1,
      workDir,
    });
    const node = (
      await runComparison(mixed, { formats: ["flatbuffers", "capnp"], quick: true, verifyOnly: true })
    ).formats;
    for (const id of ["flatbuffers", "capnp"]) {
      const f = run.formats.find((e) => e.id === `${id}@rust`) as FormatResult;
      const n = node.find((e) => e.id === id) as FormatResult;
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(f.fidelity, f.id).toMatchObject({ exact: true, issues: [] });
      expect(n.fidelity, n.id).toMatchObject({ exact: true, issues: [] });
      // FlatBuffers: the Rust builder's field order pads differently (240 B here against Node's 232).
      if (id === "capnp") expect(f.digest).toBe(n.digest);
    }
  }, 600_000);
});
