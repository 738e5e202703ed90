/**
 * `npm run bench:runtime-accuracy -w @wirebench/runtimes [-- python go]`: for each runtime, Wirebench's
 * median of one library's operation beside the same operation timed by a benchmark written the way
 * that language's community writes them (timeit, `go test -bench`, JMH, criterion), and their ratio.
 * Each runtime's check is a module in bench/accuracy/ exporting `accuracy()`.
 */
import { readdirSync } from "node:fs";
import { formatNs } from "@wirebench/contracts/units";

export interface AccuracyRow {
  runtime: string;
  /** Library and operation, e.g. `protobuf SerializeToString (AddressBook)`. */
  what: string;
  wirebenchNs: number;
  /** The community benchmark's tool, e.g. `timeit`, `go test -bench`, `JMH`, `criterion`. */
  community: string;
  communityNs: number;
}

const only = new Set(process.argv.slice(2));
const dir = new URL("./accuracy/", import.meta.url);
const rows: AccuracyRow[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".ts"))
  .sort()) {
  const runtime = file.replace(/\.ts$/, "");
  if (only.size > 0 && !only.has(runtime)) continue;
  const mod = (await import(new URL(file, dir).href)) as { accuracy: () => Promise<AccuracyRow[]> };
  try {
    rows.push(...(await mod.accuracy()));
  } catch (err) {
    console.error(`${runtime}: ${(err as Error).message}`);
  }
}
console.log("| runtime | operation | Wirebench median | community benchmark | its median | ratio |");
console.log("| --- | --- | ---: | --- | ---: | ---: |");
for (const r of rows) {
  const ratio = r.wirebenchNs / r.communityNs;
  console.log(
    `| ${r.runtime} | ${r.what} | ${formatNs(r.wirebenchNs)} | ${r.community} | ${formatNs(r.communityNs)} | ${ratio.toFixed(3)}${Math.abs(ratio - 1) > 0.15 ? " (outside ±15 %)" : ""} |`,
  );
}
