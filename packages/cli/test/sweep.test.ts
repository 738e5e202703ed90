import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sweepResultSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
const dir = scratchDir("wirebench-sweep-");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// The Go-on-App-Engine study's vectors: one repeated field of 10, 10^3, 10^5 values.
const doubles = file("doubles.json", JSON.stringify({ values: [1.5, -2.25, 3.125] }));
const doublesProto = file(
  "doubles.proto",
  'syntax = "proto3";\nmessage Doubles { repeated double values = 1; }\n',
);
const strings = file("strings.json", JSON.stringify({ values: ["x".repeat(100)] }));
const stringsProto = file(
  "strings.proto",
  'syntax = "proto3";\nmessage Strings { repeated string values = 1; }\n',
);

function sweep(args: string[]) {
  const out = join(dir, `sweep-${Math.random().toString(36).slice(2)}.json`);
  const res = cli(["sweep", ...args, "--json", out]);
  expect(res.status, res.stderr).toBe(0);
  return { res, result: sweepResultSchema.parse(JSON.parse(readFileSync(out, "utf8"))) };
}
const bytesOf = (r: ReturnType<typeof sweep>["result"], id: string) =>
  r.points.map((p) => p.formats.find((f) => f.id === id)?.bytes);

describe("wirebench sweep", () => {
  it("repeated double: 82 / 8,003 / 800,004 B in Protobuf (tag, length varint, 8 B a value)", {
    timeout: 180_000,
  }, () => {
    const { result } = sweep([
      doubles,
      "--schema",
      doublesProto,
      "--sizes",
      "10,1000,100000",
      "--formats",
      "protobuf",
      "--sizes-only",
    ]);
    expect(result.path).toBe("values");
    expect(result.sampleLength).toBe(3);
    expect(bytesOf(result, "protobuf")).toEqual([82, 8_003, 800_004]);
    expect(result.points.map((p) => p.perElement[0]?.bytes)).toEqual([8.2, 8.003, 8.00004]);
  });

  it("strings of 100 ASCII characters: 1,020 / 102,000 / 10,200,000 B in Protobuf", {
    timeout: 180_000,
  }, () => {
    const { result } = sweep([
      strings,
      "--schema",
      stringsProto,
      "--sizes",
      "100000,10,1000",
      "--formats",
      "protobuf",
      "--sizes-only",
    ]);
    expect(result.points.map((p) => p.size)).toEqual([10, 1_000, 100_000]);
    expect(bytesOf(result, "protobuf")).toEqual([1_020, 102_000, 10_200_000]);
  });

  it("every format that can carry the data has a point per size, with quick timings per element", {
    timeout: 300_000,
  }, () => {
    const { res, result } = sweep([doubles, "--schema", doublesProto, "--sizes", "10,100"]);
    expect(result.points).toHaveLength(2);
    const ids = result.points[0]?.formats.map((f) => f.id) ?? [];
    expect(ids.length).toBeGreaterThan(15);
    for (const p of result.points) {
      expect(p.formats.map((f) => f.id)).toEqual(ids);
      for (const f of p.formats) expect(f.ok, `${f.id} at ${p.size}: ${f.error}`).toBe(true);
      for (const e of p.perElement) expect(e.encodeNs).toBeGreaterThan(0);
    }
    // MessagePack float64: 9 B a value (cb + 8 B), and the array header grows from fixarray (1 B)
    // to array16 (3 B) past 15 elements.
    const mp = bytesOf(result, "msgpack-js") as number[];
    expect((mp[1] ?? 0) - (mp[0] ?? 0)).toBe(90 * 9 + 2);
    expect(res.stdout).toMatch(/│ protobuf\s+│ 100\s+│ 803\s+│ 8\.03 B/);
  });

  it("bad sizes and paths exit 2 with a message before anything is measured", { timeout: 60_000 }, () => {
    const bad = (args: string[], env?: Record<string, string>) => {
      const res = cli(["sweep", doubles, ...args], env);
      expect(res.status).toBe(2);
      return res.stderr;
    };
    expect(bad(["--sizes", "10,0"])).toMatch(/"0" is not a positive whole number/);
    expect(bad(["--sizes", "10,abc"])).toMatch(/"abc" is not a positive whole number/);
    expect(bad(["--sizes", "2000000"])).toMatch(/exceeds the sweep's maximum size of 1000000/);
    expect(bad(["--sizes", "1,2,3"], { WIREBENCH_SWEEP_MAX_POINTS: "2" })).toMatch(
      /3 sizes exceed .* maximum of 2 points/,
    );
    expect(bad(["--sizes", "10", "--path", "nope"])).toMatch(
      /--path nope is not a repeated field; choose from values/,
    );
    expect(bad([])).toMatch(/--sizes/);
  });
});
