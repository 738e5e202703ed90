// Benchmark script (not a test: it takes the better part of an hour): `wirebench ci --gate
// instructions` on unchanged code ten times in a row against one baseline, through the REST API and
// a real worker counting under callgrind (the same harness as test/api/ci-gate-instructions.test.ts).
// Prints each run's exit code, its largest |delta| of an instruction count (noisy counts marked),
// and the summary. Needs PostgreSQL and Redis as the tests do.
//
//   nice -n 10 npx tsx apps/web/bench/gate-ten-in-a-row.ts [runs=10] [formats=json,msgpackr]
import { startGate } from "../test/api/instruction-gate.ts";

const runs = Number(process.argv[2] ?? 10);
const formats = process.argv[3] ?? "json,msgpackr";
const gate = await startGate("gateten", formats);
const started = Date.now();
const minutes = () => ((Date.now() - started) / 60_000).toFixed(1);
try {
  const base = await gate.ci("--branch", "main");
  if (base.code !== 0) throw new Error(`the baseline run failed (exit ${base.code}): ${base.stderr}`);
  console.log(`baseline done after ${minutes()} min; formats ${formats}`);
  console.log("| run | exit | max |delta| (judged) | max |delta| (noisy) | worst count | minutes |");
  console.log("| ---: | ---: | ---: | ---: | --- | ---: |");
  const codes: (number | null)[] = [];
  let worst = 0;
  for (let i = 1; i <= runs; i++) {
    const r = await gate.ci("--branch", "feature", "--baseline", "main");
    codes.push(r.code);
    const max = (noisy: boolean) =>
      Math.max(0, ...r.deltas.filter((d) => d.noisy === noisy).map((d) => Math.abs(d.deltaPct)));
    const top = [...r.deltas].sort((a, b) => Math.abs(b.deltaPct) - Math.abs(a.deltaPct))[0];
    worst = Math.max(worst, max(false));
    const where = top ? `${top.key} ${top.op} ${top.deltaPct.toFixed(3)}%` : "-";
    console.log(
      `| ${i} | ${r.code} | ${max(false).toFixed(3)}% | ${max(true).toFixed(3)}% | ${where} | ${minutes()} |`,
    );
    if (r.code !== 0) console.log(r.stdout + r.stderr);
  }
  const passed = codes.filter((c) => c === 0).length;
  console.log(
    `\n${passed}/${runs} exited 0; largest judged delta ${worst.toFixed(3)}%; ${minutes()} min in all`,
  );
} finally {
  await gate.stop();
}
