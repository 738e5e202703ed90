/**
 * Overhead: an adapter's encode/decode against the direct library call, same process, same run,
 * alternating order over several tinybench runs. Target: adapter ≤ 5% slower.
 * npx tsx packages/codecs/bench/overhead.ts
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Packr } from "msgpackr";
import { Bench } from "tinybench";
import { jsonAdapter } from "../src/adapters/json.ts";
import { msgpackrPlainAdapter } from "../src/adapters/msgpackr.ts";
import { isUnsupported, type PreparedCodec } from "../src/adapters/types.ts";
import { corpusDataset, fmtNs, median, pct } from "./bench-helpers.ts";

const RUNS = 4;
const dataset = corpusDataset("citm_catalog.json");
const work = mkdtempSync(join(tmpdir(), "wirebench-overhead-"));
const prep = async (a: typeof jsonAdapter): Promise<PreparedCodec> => {
  const p = await a.prepare(dataset, { workDir: work });
  if (isUnsupported(p)) throw new Error(p.unsupported);
  return p;
};
const json = await prep(jsonAdapter);
const mp = await prep(msgpackrPlainAdapter);
const input = json.inputs[0];
const mpInput = mp.inputs[0];
const packr = new Packr({ useRecords: false, int64AsType: "bigint", mapsAsObjects: true });
const jsonBytes = json.encode(input);
const mpBytes = mp.encode(mpInput);
let sink = 0;
/** Consumes every result so the JIT cannot drop the call. */
const eat = (v: unknown) => {
  sink += typeof v === "number" ? v : v ? 1 : 0;
};
const pairs: Record<string, [adapter: () => void, direct: () => void]> = {
  "json encode": [() => eat(json.encode(input).length), () => eat(Buffer.from(JSON.stringify(input)).length)],
  "json decode": [() => eat(json.decode(jsonBytes)), () => eat(JSON.parse(jsonBytes.toString()))],
  "msgpackr encode": [() => eat(mp.encode(mpInput).length), () => eat(packr.pack(mpInput).length)],
  "msgpackr decode": [() => eat(mp.decode(mpBytes)), () => eat(packr.unpack(mpBytes))],
};
const results: Record<string, { adapter: number[]; direct: number[] }> = {};
for (let run = 0; run < RUNS; run++) {
  const bench = new Bench({ time: 300, warmupTime: 100 });
  for (const [name, [a, d]] of Object.entries(pairs)) {
    // Alternate which side runs first so neither always gets the warmer JIT.
    if (run % 2) {
      bench.add(`${name}|direct`, d).add(`${name}|adapter`, a);
    } else {
      bench.add(`${name}|adapter`, a).add(`${name}|direct`, d);
    }
  }
  await bench.run();
  for (const t of bench.tasks) {
    const r = t.result;
    if (r.state !== "completed") throw new Error(`${t.name}: ${r.state}`);
    const [name, side] = t.name.split("|") as [string, "adapter" | "direct"];
    if (!results[name]) results[name] = { adapter: [], direct: [] };
    results[name][side].push(r.latency.p50 * 1e6);
  }
}
console.log("citm_catalog.json — adapter vs direct library call (tinybench p50, median of runs)");
let worst = -Infinity;
for (const [name, r] of Object.entries(results)) {
  const a = median(r.adapter);
  const d = median(r.direct);
  worst = Math.max(worst, a / d - 1);
  console.log(
    `${name.padEnd(16)} adapter ${fmtNs(a).padStart(11)}  direct ${fmtNs(d).padStart(11)}  overhead ${pct(a / d - 1)}`,
  );
}
console.log(
  `largest overhead ${pct(worst)} (target ≤ +5%) ${worst <= 0.05 ? "OK" : "MISSED"}   sink ${sink > 0}`,
);
