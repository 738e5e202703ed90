import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FormatResult } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { costsOf, readFormatCosts, recordFormatCosts } from "../../src/pipeline/format-costs.ts";

const timed = (medianNs: number) => ({ medianNs }) as FormatResult["encode"];
const result = (id: string, format: string, ns: number[], ok = true) =>
  ({ id, format, ok, encode: timed(ns[0] ?? 0), decode: timed(ns[1] ?? 0) }) as unknown as FormatResult;

describe("format costs", () => {
  it("sums one call of each operation over a format's variants, per input byte, and skips failed formats", () => {
    const costs = costsOf(
      [
        result("yaml", "yaml", [3000, 5000]),
        result("msgpackr", "msgpack", [100, 300]),
        result("msgpackr-records", "msgpack", [200, 400]),
        result("ion", "ion", [9000, 9000], false),
      ],
      100,
    );
    expect(Object.fromEntries(costs)).toEqual({ yaml: 80, msgpack: 10 });
  });

  it("keeps the formats a later run did not time, and reads nothing from a file that is not costs", () => {
    const cacheDir = scratchDir("wb-costs-");
    chmodSync(cacheDir, 0o755);
    recordFormatCosts(
      cacheDir,
      new Map([
        ["yaml", 80],
        ["json", 1],
      ]),
    );
    recordFormatCosts(cacheDir, new Map([["json", 2]]));
    expect(Object.fromEntries(readFormatCosts(cacheDir))).toEqual({ yaml: 80, json: 2 });
    writeFileSync(join(cacheDir, "format-costs.json"), JSON.stringify({ yaml: "a lot", json: -1, xml: 3 }));
    expect(Object.fromEntries(readFormatCosts(cacheDir))).toEqual({ xml: 3 });
    writeFileSync(join(cacheDir, "format-costs.json"), "[not json");
    expect(readFormatCosts(cacheDir).size).toBe(0);
  });

  it("neither reads nor writes costs in a folder others may write", () => {
    const cacheDir = scratchDir("wb-costs-");
    chmodSync(cacheDir, 0o777);
    writeFileSync(join(cacheDir, "format-costs.json"), JSON.stringify({ yaml: 80 }));
    expect(readFormatCosts(cacheDir).size).toBe(0);
    recordFormatCosts(cacheDir, new Map([["json", 2]]));
    expect(JSON.parse(readFileSync(join(cacheDir, "format-costs.json"), "utf8"))).toEqual({ yaml: 80 });
  });
});
