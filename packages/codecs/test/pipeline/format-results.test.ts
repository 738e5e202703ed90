import type { Dataset } from "@wirebench/schemas";
import { Packr } from "msgpackr";
import { describe, expect, it } from "vitest";
import {
  type FormatResult,
  formatResultSchema,
  type RegistryEntry,
  registry,
  runComparison,
} from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

const tiny = {
  processes: 1,
  rounds: 2,
  samplesPerRound: 2,
  warmupMinMs: 1,
  warmupMaxMs: 5,
  measureAllocations: false,
};

type Logged =
  | { kind: "result"; entry: FormatResult; final: boolean }
  | { kind: "progress"; id: string; phase: string; detail?: string };

describe("onFormatResult", () => {
  it("hands over each format's verified entry before timing ends, then the final one with timings", async () => {
    const log: Logged[] = [];
    const r = await runComparison(everyTypeDataset, {
      formats: ["json", "msgpackr"],
      quick: true,
      // Two child processes (they warm up side by side); verification happens in the first only.
      settings: { ...tiny, processes: 2 },
      onProgress: (e) => log.push({ kind: "progress", id: e.id, phase: e.phase, detail: e.detail }),
      onFormatResult: (entry, { final }) => {
        log.push({ kind: "result", entry, final });
      },
    });
    const secondProcess = log.findIndex((l) => l.kind === "progress" && l.detail === "process 2/2");
    expect(secondProcess).toBeGreaterThan(-1);
    const firstFinal = log.findIndex((l) => l.kind === "result" && l.final);
    for (const id of ["json", "msgpackr"]) {
      const calls = log.flatMap((l, i) => (l.kind === "result" && l.entry.id === id ? [{ ...l, i }] : []));
      expect(calls.map((c) => c.final)).toEqual([false, true]);
      const [verified, final] = calls as [(typeof calls)[0], (typeof calls)[0]];

      expect(() => formatResultSchema.parse(verified.entry)).not.toThrow();
      expect(verified.i).toBeLessThan(firstFinal);
      expect(verified.entry).toMatchObject({ ok: true, encode: null, decode: null });
      expect(verified.entry.bytes).toBeGreaterThan(0);
      expect(verified.entry.sizes?.dataset.raw).toBe(verified.entry.bytes);
      expect(verified.entry.firstMessage?.bytes).toBeGreaterThan(0);

      expect(() => formatResultSchema.parse(final.entry)).not.toThrow();
      expect(final.i).toBeGreaterThan(secondProcess);
      expect(final.entry.encode?.samples).toBe(8);
      expect(final.entry.decode?.samples).toBe(8);
      expect(final.entry).toEqual(r.formats.find((f) => f.id === id));

      // `done` is only announced once the final entry has been handed over.
      const done = log.findIndex((l) => l.kind === "progress" && l.id === id && l.phase === "done");
      expect(done).toBeGreaterThan(final.i);
    }
  });

  it("reports a failed format once, as final, with its error", async () => {
    const fixture = new URL("../fixtures/misbehaving-adapters.js", import.meta.url).href;
    const throws: RegistryEntry = {
      id: "throws",
      format: "throws",
      variant: "test",
      library: "node",
      module: fixture,
      exportName: "throwingAdapter",
      schema: false,
    };
    const calls: { entry: FormatResult; final: boolean }[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const r = await runComparison(everyTypeDataset, {
      entries: [...registry.filter((e) => e.id === "v8"), throws],
      quick: true,
      settings: tiny,
      // A slow asynchronous consumer (a database write): calls must not overlap, or a late verified
      // entry could overwrite a final one.
      onFormatResult: async (entry, { final }) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        calls.push({ entry, final });
        inFlight--;
      },
    });
    expect(maxInFlight).toBe(1);
    expect(calls.map((c) => `${c.entry.id}:${c.final}`).sort()).toEqual([
      "throws:true",
      "v8:false",
      "v8:true",
    ]);
    const failed = calls.filter((c) => c.entry.id === "throws");
    expect(failed).toHaveLength(1);
    expect(failed[0]?.final).toBe(true);
    expect(failed[0]?.entry).toMatchObject({ ok: false, error: "encode failed: boom from encode" });
    expect(() => formatResultSchema.parse(failed[0]?.entry)).not.toThrow();
    for (const f of r.formats) expect(f.ok || typeof f.error === "string").toBe(true);
  });

  it("fails the comparison when saving an entry fails, after the children are done", async () => {
    await expect(
      runComparison(everyTypeDataset, {
        formats: ["json"],
        verifyOnly: true,
        onFormatResult: () => Promise.reject(new Error("database is down")),
      }),
    ).rejects.toThrow("database is down");
  });
});

describe("firstMessage", () => {
  const small: Dataset = {
    schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
    messages: [
      { id: 7, name: "first", tags: ["a", "b"] },
      { id: 8, name: "second", tags: [] },
    ],
  };
  const packed = new Packr({ useRecords: false }).pack(small.messages[0]);

  it("is the first message exactly as the format encoded it", async () => {
    const r = await runComparison(small, { formats: ["msgpackr"], verifyOnly: true });
    const f = r.formats[0];
    expect(f?.ok, f?.error).toBe(true);
    expect(f?.firstMessage).toEqual({
      base64: Buffer.from(packed).toString("base64"),
      bytes: packed.length,
      truncated: false,
    });
    expect(() => formatResultSchema.parse(f)).not.toThrow();
  });

  it("keeps only the first bytes up to the cap, and says so", async () => {
    const r = await runComparison(small, {
      formats: ["msgpackr"],
      verifyOnly: true,
      firstMessageMaxBytes: 5,
    });
    const fm = r.formats[0]?.firstMessage;
    expect(fm).toEqual({
      base64: Buffer.from(packed.subarray(0, 5)).toString("base64"),
      bytes: packed.length,
      truncated: true,
    });
  });
});
