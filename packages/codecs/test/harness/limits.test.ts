import { describe, expect, it } from "vitest";
import { registry, runComparison } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";
import { fixtureEntry } from "../helpers/fixture-entry.ts";

const bad = (id: string, exportName: string) => fixtureEntry("misbehaving-adapters.js", id, exportName);
const v8 = registry.filter((e) => e.id === "v8");
const tiny = {
  processes: 1,
  rounds: 1,
  samplesPerRound: 2,
  warmupMinMs: 1,
  warmupMaxMs: 5,
  measureAllocations: false,
};

describe("per-format failures never fail the run", () => {
  it("a codec that throws or cannot represent the data gets its own error", async () => {
    const r = await runComparison(everyTypeDataset, {
      entries: [...v8, bad("throws", "throwingAdapter"), bad("nope", "unsupportedAdapter")],
      quick: true,
      settings: tiny,
    });
    expect(r.status).toBe("completed");
    const byId = new Map(r.formats.map((f) => [f.id, f]));
    expect(byId.get("throws")).toMatchObject({
      ok: false,
      error: "encode failed: boom from encode",
      encode: null,
    });
    expect(byId.get("nope")).toMatchObject({
      ok: false,
      error: "unsupported: cannot represent this dataset (test)",
    });
    expect(byId.get("v8")?.ok).toBe(true);
    expect(byId.get("v8")?.encode?.samples).toBe(2);
  });
});

describe("child-process limits", () => {
  it("a format that hangs is killed at the step time limit and named; the others still finish", async () => {
    const events: string[] = [];
    const r = await runComparison(everyTypeDataset, {
      entries: [bad("hangs", "hangingAdapter"), ...v8],
      quick: true,
      settings: tiny,
      limits: { stepTimeoutMs: 1500 },
      onProgress: (e) => events.push(`${e.id}:${e.phase}`),
    });
    const hangs = r.formats.find((f) => f.id === "hangs");
    expect(hangs?.ok).toBe(false);
    expect(hangs?.error).toBe("exceeded the time limit (1500 ms per step) while warming up");
    expect(r.formats.find((f) => f.id === "v8")).toMatchObject({ ok: true, fidelity: { exact: true } });
    expect(events).toContain("hangs:failed");
    expect(events).toContain("v8:done");
  });

  it("a format that exceeds the memory limit fails cleanly with a clear error", async () => {
    const r = await runComparison(everyTypeDataset, {
      entries: [...v8, bad("hog", "memoryHogAdapter")],
      quick: true,
      settings: tiny,
      limits: { memoryMb: 64, stepTimeoutMs: 60_000 },
    });
    const hog = r.formats.find((f) => f.id === "hog");
    expect(hog?.ok).toBe(false);
    expect(hog?.error).toBe("exceeded the memory limit (64 MB heap) while verifying");
    expect(r.formats.find((f) => f.id === "v8")?.ok).toBe(true);
  });

  it("a format whose Buffers outgrow the resident-memory limit fails cleanly; the heap limit never saw them", async () => {
    const r = await runComparison(everyTypeDataset, {
      entries: [...v8, bad("buffers", "bufferHogAdapter")],
      quick: true,
      settings: tiny,
      limits: { memoryMb: 1024, rssMb: 400, rssPollMs: 20, stepTimeoutMs: 60_000 },
    });
    const hog = r.formats.find((f) => f.id === "buffers");
    expect(hog?.ok).toBe(false);
    expect(hog?.error).toBe("exceeded the memory limit (400 MB resident) while verifying");
    expect(r.formats.find((f) => f.id === "v8")?.ok).toBe(true);
  });
});
