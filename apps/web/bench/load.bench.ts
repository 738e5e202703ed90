import { isTerminalStatus } from "@wirebench/contracts/steps";
// Load script (not a test): 50 concurrent POSTs of small samples against `next start` with one and
// then two workers; every run must complete. Prints POST and GET latency under load and drain time.
// Run after `npx turbo run build --filter=@wirebench/web`:  npx tsx apps/web/bench/load.bench.ts
import { quantileSorted } from "simple-statistics";
import { startStack } from "../test/e2e/stack.ts";

const concurrent = Number(process.env.LOAD_RUNS ?? 50);
const formats = (process.env.LOAD_FORMATS ?? "json,msgpackr,protobuf").split(",");

const ms = (xs: number[], q: number) =>
  quantileSorted(
    [...xs].sort((a, b) => a - b),
    q,
  ).toFixed(1);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const out = await fn();
  return [out, performance.now() - start];
}

for (const workers of [1, 2]) {
  const stack = await startStack(`load${workers}`, workers);
  try {
    const sample = (i: number) =>
      JSON.stringify({ id: i, name: `user ${i}`, tags: ["a", "b"], score: i / 3 });
    // One run first, so route compilation and connection pools are not what the burst measures.
    const warm = (await (
      await fetch(`${stack.url}/api/v1/runs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sample: sample(-1), formats: ["json"], options: { quick: true } }),
      })
    ).json()) as { id: string };
    while (
      !["completed", "failed"].includes(
        ((await (await fetch(`${stack.url}/api/v1/runs/${warm.id}`)).json()) as { status: string }).status,
      )
    ) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const started = performance.now();
    const posts = await Promise.all(
      Array.from({ length: concurrent }, (_, i) =>
        timed(() =>
          fetch(`${stack.url}/api/v1/runs`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ sample: sample(i), formats, options: { quick: true } }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { id: string } })),
        ),
      ),
    );
    const accepted = posts.filter(([r]) => r.status === 202).map(([r]) => r.body.id);
    const getTimes: number[] = [];
    const pending = new Set(accepted);
    const statuses = new Map<string, string>();
    while (pending.size > 0 && performance.now() - started < 15 * 60_000) {
      await Promise.all(
        [...pending].map(async (id) => {
          const [run, t] = await timed(
            async () => (await (await fetch(`${stack.url}/api/v1/runs/${id}`)).json()) as { status: string },
          );
          getTimes.push(t);
          if (isTerminalStatus(run.status)) {
            statuses.set(id, run.status);
            pending.delete(id);
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainS = (performance.now() - started) / 1000;
    const completed = [...statuses.values()].filter((s) => s === "completed").length;
    const postTimes = posts.map(([, t]) => t);
    console.log(
      `${workers} worker(s): ${concurrent} POSTs → ${accepted.length} accepted (202), ${completed} completed, ` +
        `${[...statuses.values()].filter((s) => s !== "completed").length} failed, ${pending.size} lost/unfinished; ` +
        `POST p50 ${ms(postTimes, 0.5)} ms p95 ${ms(postTimes, 0.95)} ms; GET under load p50 ${ms(getTimes, 0.5)} ms ` +
        `p95 ${ms(getTimes, 0.95)} ms (${getTimes.length} GETs); queue drained in ${drainS.toFixed(1)} s ` +
        `(formats ${formats.join(",")}, quick)`,
    );
  } finally {
    await stack.stop();
  }
}
