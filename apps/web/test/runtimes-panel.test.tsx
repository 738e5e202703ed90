import { createRunInputSchema, type RuntimeId, runtimeIds } from "@wirebench/contracts";
import type { FormatResult, Timing } from "@wirebench/contracts/result";
import { formatResultOf, runViewOf, timingOf } from "@wirebench/contracts/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RunResults } from "../src/components/run/run-results.tsx";
import type { RunData } from "../src/components/run/types.ts";
import { uploadInput } from "../src/components/upload/upload-input.ts";
import { toRows } from "../src/lib/format-rows.ts";

const noisy = (medianNs: number): Timing => ({ ...timingOf(medianNs), ciLowNs: medianNs * 0.8 });
const entry = (id: string, format: string, bytes: number, timed: boolean, over: Partial<FormatResult> = {}) =>
  formatResultOf({
    id,
    format,
    bytes,
    runtime: (id.split("@")[1] ?? "node") as RuntimeId,
    encode: timed ? timingOf(1000) : null,
    decode: timed ? timingOf(2000) : null,
    ...over,
  });

const run = (status: RunData["status"], formats: FormatResult[], extra: Partial<RunData> = {}): RunData =>
  runViewOf({ id: "r1", status, progress: { protobuf: "done" }, formats, ...extra });
const render = (r: RunData, pending: boolean) =>
  renderToStaticMarkup(<RunResults run={r} rows={toRows(r.formats)} pending={pending} />);
/** The markup of the matrix row of one format family. */
const matrixRow = (html: string, format: string) =>
  html
    .match(/<table class="compact" data-testid="runtime-matrix">.*?<\/table>/)?.[0]
    .match(new RegExp(`<tr data-format="${format}">.*?</tr>`))?.[0] ?? "";

describe("the run page's runtimes section", () => {
  const formats = [
    entry("protobuf", "protobuf", 228, true),
    entry("protobuf@go", "protobuf", 228, true, { decode: noisy(1500) }),
    entry("protobuf@python", "protobuf", 228, false),
  ];

  it("while timings are pending shows sizes in the matrix, timings as pending, and no byte comparison yet", () => {
    const html = render(run("running", formats), true);
    const row = matrixRow(html, "protobuf");
    expect(row).toMatch(/<td data-label="go"><div><div class="rt-entry" data-entry="protobuf@go">/);
    expect(row).toMatch(/data-entry="protobuf@python">.*228 B.*enc pending · dec pending/);
    expect(row).toContain("enc 1.0 µs · dec 1.5 µs ±");
    expect(html).toMatch(/data-runtime="python">.*?timings pending/);
    expect(html).toContain("Compared once every runtime has measured.");
  });

  it("once completed shows the best per runtime, the same-bytes table and unavailable runtimes", () => {
    const done = formats.map((f) => ({
      ...f,
      encode: f.encode ?? timingOf(5000),
      decode: f.decode ?? timingOf(6000),
    }));
    const html = render(
      run("completed", done, {
        runtimes: [
          { runtime: "node", available: true, version: "v20.20.2" },
          { runtime: "go", available: true, version: "go1.26.8" },
          { runtime: "python", available: true, version: "Python 3.11.7" },
          { runtime: "java", available: false, reason: "java: not found on PATH" },
        ],
        crossRuntime: [
          {
            format: "protobuf",
            reference: "protobuf",
            same: ["protobuf", "protobuf@go"],
            different: [
              { id: "protobuf@python", bytes: 229, firstDifferenceAt: 1234 },
              { id: "protobuf@rust", bytes: 228, firstDifferenceAt: -1 },
            ],
          },
        ],
      }),
      false,
    );
    expect(html).toMatch(/data-runtime="python">.*?protobuf@python · 11.0 µs/);
    expect(html).toContain("Versions: node v20.20.2, go go1.26.8, python Python 3.11.7.");
    const same = html.match(/data-testid="runtime-same-bytes">.*?<\/table>/)?.[0] ?? "";
    expect(same).toContain('<span class="bad">no</span>');
    expect(same).toContain(">protobuf@go<");
    expect(same).toContain("protobuf@python (229 B, first differs at byte 1,234)");
    expect(same).toContain("protobuf@rust (228 B, the first message is the same, a later one differs)");
    expect(html).toMatch(
      /data-testid="runtime-unavailable">.*<strong>java<\/strong>: java: not found on PATH/,
    );
    // Java asked for but unavailable: no column for it.
    expect(html).not.toContain('data-label="java"');
  });

  it("is absent from a plain Node run", () => {
    const plain = formatResultOf({ id: "json" });
    expect(render(run("completed", [plain]), false)).not.toContain("runtimes-panel");
  });
});

describe("the upload form's runtimes", () => {
  const state = (selected: RuntimeId[]) => ({
    text: '{"id": 1}',
    sampleFormat: "json" as const,
    schema: null,
    rootType: "",
    selected: new Set<string>(),
    formatIds: [],
    quick: false,
    runtimes: { selected: new Set(selected), offered: runtimeIds },
  });

  it("sends options.runtimes in the contract's order, and nothing for Node alone (the default)", () => {
    const input = uploadInput(state(["go", "node", "python"]));
    expect(input.options.runtimes).toEqual(["node", "python", "go"]);
    expect(createRunInputSchema.safeParse(input).success).toBe(true);
    expect(uploadInput(state(["node"])).options).not.toHaveProperty("runtimes");
    expect(uploadInput(state(["rust"])).options.runtimes).toEqual(["rust"]);
  });
});
