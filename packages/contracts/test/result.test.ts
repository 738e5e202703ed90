import { describe, expect, it } from "vitest";
import {
  type FormatResult,
  fidelityCounts,
  type Result,
  resultSchema,
  sizeSummaryEntries,
} from "../src/index.ts";
import { formatResultOf } from "../src/testing.ts";

const entry = (id: string, over: Partial<FormatResult> = {}) => formatResultOf({ id, ...over });
const result = (formats: unknown[]) => ({
  status: "completed",
  environment: {
    node: "v24.0.0",
    v8: "13",
    platform: "linux",
    arch: "x64",
    cpuModel: "cpu",
    cpuCount: 2,
    totalMemoryMb: 4096,
    gitCommit: null,
    libraries: { msgpackr: "2.1.3" },
    settings: { quick: true },
    startedAt: "2026-11-23T16:00:00.000Z",
    durationMs: 1000,
  },
  formats,
});

describe("resultSchema", () => {
  it("accepts a Result JSON and keeps every field it knows", () => {
    const parsed: Result = resultSchema.parse(
      result([entry("json"), entry("cbor-x", { minimalVariant: "cbor-min" })]),
    );
    expect(parsed.formats.map((f) => f.id)).toEqual(["json", "cbor-x"]);
    expect(parsed.formats[1]?.minimalVariant).toBe("cbor-min");
  });

  it("rejects an unknown status and an unknown fidelity kind, naming the path", () => {
    const badStatus = resultSchema.safeParse({ ...result([]), status: "paused" });
    expect(badStatus.success).toBe(false);
    expect(badStatus.error?.issues[0]?.path).toEqual(["status"]);
    const badKind = resultSchema.safeParse(
      result([
        { ...entry("json"), fidelity: { exact: false, issues: [{ path: "/a", kind: "oops", detail: "" }] } },
      ]),
    );
    expect(badKind.success).toBe(false);
    expect(badKind.error?.issues[0]?.path).toEqual(["formats", 0, "fidelity", "issues", 0, "kind"]);
  });
});

describe("reading results without zod", () => {
  it("counts issues past the kept ones as lossy when a stored result predates severities", () => {
    expect(fidelityCounts({ issues: [{ kind: "key-order" }], issueCount: 3 })).toEqual({
      lossy: 2,
      cosmetic: 1,
      exact: false,
    });
  });

  it("lets a minimal variant that ran stand in for its padded default", () => {
    const rows = [
      entry("cbor-x", { minimalVariant: "cbor-min" }),
      entry("cbor-min"),
      entry("json", { ok: false }),
    ];
    expect(sizeSummaryEntries(rows).map((r) => r.id)).toEqual(["cbor-min"]);
  });
});
