import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { javaRuntime } from "../src/definitions/java.ts";
import { optionalScalars, patchOptionalScalars } from "../src/definitions/java-flatbuffers.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";

/**
 * FlatBuffers in the Java child (flatc --java --gen-object-api, flatbuffers-java 2.0.8) driven by the
 * parent on AddressBook: the `flatbuffers` input shape (Node's adapter's bytes), the emitted .fbs
 * compiled by flatc and javac, Node's adapter reading back what Java decoded.
 */
const available = (await javaRuntime.detect()).available;

describe.skipIf(!available)("flatbuffers@java on AddressBook (measureInRuntime)", () => {
  const dataset = addressBook();
  const workDir = mkdtempSync(join(tmpdir(), "wb-java-fbs-"));
  let run: RuntimeRun;
  let node: FormatResult;
  const lowered = { WIREBENCH_JAVA_WARMUP_ENOUGH_MS: "250", WIREBENCH_JAVA_WARMUP_MAX_MS: "1000" };
  beforeAll(async () => {
    run = await measureInRuntime(javaRuntime, {
      dataset,
      formats: ["flatbuffers"],
      settings: quickSettings,
      processes: 1,
      workDir,
      env: { ...process.env, ...lowered },
    });
    const r = await runComparison(dataset, { formats: ["flatbuffers"], quick: true, verifyOnly: true });
    node = r.formats.find((f) => f.format === "flatbuffers") as FormatResult;
  }, 300_000);
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));
  const entry = () => run.formats.find((e) => e.id === "flatbuffers@java") as FormatResult;

  it("round-trips every message as Node's own FlatBuffers entry does", () => {
    expect(entry().ok, entry().error).toBe(true);
    expect(node.ok, node.error).toBe(true);
    expect(entry().version).toBe("2.0.8");
    // Node's adapter reads Java's re-encoded messages back: the same values as Node's own round trip
    // (Carol's email and phones come back empty, not absent, in both: Node's FlatBuffers entry says so).
    expect(entry().fidelity).toEqual(node.fidelity);
  });

  it("writes as many bytes as Node, laid out as flatc's Java orders a table's fields", () => {
    expect(entry().bytes).toBe(node.bytes);
    // flatc 2.0.8's TypeScript adds a table's fields in declaration order, its Java largest first:
    // the same values at other offsets, which the cross-runtime check reports by its first offset.
    const row = crossRuntimeBytes([node, entry()]).find((c) => c.format === "flatbuffers");
    expect(row?.reference).toBe(node.id);
    const java = row?.different.find((d) => d.id === "flatbuffers@java");
    expect(java?.bytes).toBe(node.bytes);
    // Root offset and the first table's start agree; the fields follow in another order.
    expect(java?.firstDifferenceAt).toBeGreaterThan(8);
  });

  it("times encode (pack from the object API) and decode (unpack) with confidence intervals", () => {
    expectTimingsWithCi([entry()]);
  });
});

describe("flatc Java optional-scalar patch", () => {
  const fbs =
    "namespace a;\ntable T {\n  x:long = null (id: 0);\n  y:int (id: 1);\n  on:bool = null;\n}\nroot_type T;\n";
  const java = [
    "  public static int createT(FlatBufferBuilder builder,",
    "      long x,",
    "      int y,",
    "      boolean on) {",
    "    builder.startTable(3);",
    "    T.addX(builder, x);",
    "    T.addY(builder, y);",
    "    T.addOn(builder, on);",
    "    return T.endT(builder);",
    "  }",
    "  public static void addX(FlatBufferBuilder builder, long x) { builder.addLong(0, x, 0L); }",
  ].join("\n");

  it("finds each table's `= null` scalars and writes them when present, even at the default", () => {
    const fields = optionalScalars(fbs);
    expect([...fields]).toEqual([["T", ["x", "on"]]]);
    const out = patchOptionalScalars(java, "T", fields.get("T") as string[]);
    expect(out).toContain("      Long x,");
    expect(out).toContain("      int y,");
    expect(out).toContain("      Boolean on) {");
    expect(out).toContain(
      "    if (x != null) { builder.forceDefaults(true); T.addX(builder, x); builder.forceDefaults(false); }",
    );
    expect(out).toContain("    T.addY(builder, y);");
    // The adder's own definition is left alone.
    expect(out).toContain(
      "public static void addX(FlatBufferBuilder builder, long x) { builder.addLong(0, x, 0L); }",
    );
  });
});
