// `npm run conformance`: every corpus document, Wirebench's bytes against each format's reference
// encoder; prints the table and `conformance: N/M match`, exits 1 when something does not match.
// Options: --only a,b (documents whose id contains a or b), --json OUT (every row with full hex).
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadCorpus, renderSummary, renderTable, runConformance } from "../src/index.ts";

const { values } = parseArgs({ options: { only: { type: "string" }, json: { type: "string" } } });
const only = values.only?.split(",").filter(Boolean);
const rows = await runConformance(loadCorpus(), {
  ...(only ? { only } : {}),
  onDocument: (id, i, n) => process.stderr.write(`[${i}/${n}] ${id}\n`),
});
if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
process.stdout.write(`${renderTable(rows)}\n${renderSummary(rows)}\n`);
process.exit(rows.some((r) => r.status === "mismatch") || rows.length === 0 ? 1 : 0);
