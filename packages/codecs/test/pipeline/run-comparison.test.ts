import { describe, expect, it } from "vitest";
import { type ProgressEvent, resultSchema, runComparison } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

describe("runComparison (quick)", () => {
  it("returns Result JSON that validates, with ≥20 pooled samples, sizes and an environment stamp", async () => {
    const events: ProgressEvent[] = [];
    const r = await runComparison(everyTypeDataset, {
      formats: ["json", "msgpackr"],
      quick: true,
      // Every round's samples: a quiet machine would otherwise stop a steady operation at six.
      settings: { stopCiWidth: 0 },
      onProgress: (e) => events.push(e),
    });
    expect(() => resultSchema.parse(r)).not.toThrow();
    expect(r.status).toBe("completed");
    expect(r.formats.map((f) => f.id)).toEqual(["json", "msgpackr"]);
    for (const f of r.formats) {
      expect(f.ok).toBe(true);
      expect(f.bytes).toBeGreaterThan(0);
      expect(f.sizes?.dataset.raw).toBe(f.bytes);
      expect(f.sizes?.perMessageCompressMs?.zstd).toBeGreaterThan(0);
      expect(f.sizes?.perMessageDecompressMs?.gzip).toBeGreaterThan(0);
      for (const t of [f.encode, f.decode]) {
        expect(t?.samples).toBeGreaterThanOrEqual(20);
        expect(t?.ciLowNs).toBeLessThanOrEqual(t?.medianNs as number);
        expect(t?.ciHighNs).toBeGreaterThanOrEqual(t?.medianNs as number);
        expect(t?.p5Ns).toBeLessThanOrEqual(t?.p95Ns as number);
      }
    }
    expect(r.environment.node).toBe(process.version);
    expect(r.environment.libraries.msgpackr).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.environment.cpuModel.length).toBeGreaterThan(0);
    expect(r.environment.gitCommit).toMatch(/^[0-9a-f]{40}$/);
    // Asked while the children worked; the project's setup installs all three.
    expect(Object.keys(r.environment.compilers ?? {}).sort()).toEqual(["capnp", "flatc", "thrift"]);
    expect(r.environment.compilers?.capnp).toMatch(/Cap'n Proto version \d/);
    const phases = events.filter((e) => e.id === "msgpackr").map((e) => e.phase);
    expect(phases).toEqual(["generating", "verifying", "measuring", "done"]);
  });

  it("interleaves formats across several child processes and reports the run's noise", async () => {
    const r = await runComparison(everyTypeDataset, {
      formats: ["v8", "cbor"],
      quick: true,
      settings: { processes: 2, rounds: 2, samplesPerRound: 5, stopCiWidth: 0 },
    });
    for (const f of r.formats) {
      expect(f.encode?.samples).toBe(20);
      expect(f.encode?.processSpread).toBeGreaterThanOrEqual(0);
    }
    expect(r.noise?.betweenProcesses).not.toBeNull();
    expect(r.noise?.ciWidth).not.toBeNull();
  });

  it("measures field access for FlatBuffers and Cap'n Proto, and nothing else claims it", async () => {
    const r = await runComparison(everyTypeDataset, {
      formats: ["flatbuffers", "capnp", "protobuf"],
      quick: true,
      settings: { stopCiWidth: 0 },
    });
    for (const id of ["flatbuffers", "capnp"]) {
      const f = r.formats.find((x) => x.id === id);
      expect(f?.ok, f?.error).toBe(true);
      expect(f?.access?.samples).toBeGreaterThanOrEqual(20);
    }
    expect(r.formats.find((x) => x.id === "protobuf")?.access).toBeUndefined();
    expect(r.formats.find((x) => x.id === "capnp")?.artifacts?.map((a) => a.kind)).toEqual([
      "schema",
      "generated",
    ]);
  });

  it("rejects an unknown format name with the list of choices", async () => {
    await expect(runComparison(everyTypeDataset, { formats: ["nope"] })).rejects.toThrow(
      /unknown format "nope"; choose from json, /,
    );
  });

  it("measures bytes allocated per op, never less than the output it builds", async () => {
    const r = await runComparison(everyTypeDataset, {
      formats: ["json"],
      quick: true,
      settings: { processes: 2, rounds: 1, samplesPerRound: 10, measureAllocations: true },
    });
    const json = r.formats[0]!;
    const perMessage = json.bytes / everyTypeDataset.messages.length;
    // JSON.stringify builds the string and Buffer.from copies it: at least the encoded bytes are allocated.
    expect(json.encode?.bytesAllocatedPerOp).toBeGreaterThanOrEqual(perMessage);
    expect(json.decode?.bytesAllocatedPerOp).toBeGreaterThan(0);
  });
});
