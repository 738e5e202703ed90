/**
 * `npx tsx packages/runtimes/bench/node-protocol.ts [rounds]`: the same library (protobufjs) on the
 * same data (AddressBook) measured two ways, alternately: by runComparison (Node's harness) and by
 * measureInRuntime with the Node implementation of the protocol (a child speaking docs/polyglot.md).
 * The protocol costs what the harness costs if the ratio of their encode medians stays near 1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runComparison } from "@wirebench/codecs";
import { formatNs } from "@wirebench/contracts/units";
import { nodeRuntime } from "../node/definition.ts";
import { measureInRuntime } from "../src/index.ts";
import { addressBook } from "../test/addressbook.ts";

const rounds = Number(process.argv[2] ?? 3);
const dataset = addressBook();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const rows: { op: string; harness: number; protocol: number }[] = [];
for (let r = 0; r < rounds; r++) {
  const node = await runComparison(dataset, { formats: ["protobuf"] });
  const workDir = mkdtempSync(join(tmpdir(), "wb-node-protocol-"));
  const run = await measureInRuntime(
    { ...nodeRuntime, formats: nodeRuntime.formats.filter((f) => f.impl === "protobuf") },
    { dataset, workDir },
  );
  rmSync(workDir, { recursive: true, force: true });
  const a = node.formats[0];
  const b = run.formats[0];
  for (const op of ["encode", "decode"] as const) {
    const harness = a?.[op]?.medianNs;
    const protocol = b?.[op]?.medianNs;
    if (harness && protocol) rows.push({ op, harness, protocol });
  }
  console.error(`round ${r + 1}/${rounds} done`);
}
console.log("| op | runComparison median | Node protocol child median | ratio (child ÷ harness) |");
console.log("| --- | ---: | ---: | ---: |");
for (const op of ["encode", "decode"]) {
  const mine = rows.filter((x) => x.op === op);
  for (const x of mine)
    console.log(
      `| ${op} | ${formatNs(x.harness)} | ${formatNs(x.protocol)} | ${(x.protocol / x.harness).toFixed(3)} |`,
    );
  if (mine.length)
    console.log(
      `| ${op} (median of rounds) | | | ${median(mine.map((x) => x.protocol / x.harness)).toFixed(3)} |`,
    );
}
