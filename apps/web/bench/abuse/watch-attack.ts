import { postRun, sleep, small, url, waitForRun } from "./live-api.ts";
import { descendants, findWorker, rssKb } from "./worker-process.ts";

const pollEveryMs = 20;

interface Watch {
  slowestMs: number;
  answered: number;
  notOk: Record<number, number>;
  workerPeakMb: number;
  treePeakMb: number;
}

/** Polls the cheap GET and samples the worker's memory every 20 ms until `stop` is called. */
function watch(runId: string, token: string) {
  const w: Watch = { slowestMs: 0, answered: 0, notOk: {}, workerPeakMb: 0, treePeakMb: 0 };
  let running = true;
  let worker = findWorker();
  let lastFind = Date.now();
  const poller = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(url(`/api/v1/runs/${runId}`), { headers: { authorization: `Bearer ${token}` } })
        .then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        })
        .catch(() => 0);
      w.slowestMs = Math.max(w.slowestMs, performance.now() - t);
      w.answered++;
      if (res !== 200) w.notOk[res] = (w.notOk[res] ?? 0) + 1;
      await sleep(pollEveryMs);
    }
  })();
  const sampler = (async () => {
    while (running) {
      if (!worker || Date.now() - lastFind > 1000) {
        worker = findWorker();
        lastFind = Date.now();
      }
      if (worker) {
        const own = rssKb(worker);
        const tree = own + descendants(worker).reduce((sum, p) => sum + rssKb(p), 0);
        w.workerPeakMb = Math.max(w.workerPeakMb, own / 1024);
        w.treePeakMb = Math.max(w.treePeakMb, tree / 1024);
      }
      await sleep(pollEveryMs);
    }
  })();
  return async () => {
    running = false;
    await Promise.all([poller, sampler]);
    return w;
  };
}

/** Runs one attack while watching the service, then prints what it cost and whether a small run still completes. */
export async function attack(
  name: string,
  ctx: { token: string; cheapRun: string },
  send: () => Promise<{ outcome: string; runId?: string }>,
) {
  const stop = watch(ctx.cheapRun, ctx.token);
  const t0 = performance.now();
  let { outcome, runId } = await send();
  if (runId) outcome += `; run ${await waitForRun(runId, ctx.token)}`;
  const elapsed = performance.now() - t0;
  const w = await stop();
  const t1 = performance.now();
  const after = await postRun(small, ctx.token);
  const afterStatus =
    after.status === 202 ? await waitForRun(after.body.id!, ctx.token) : `POST ${after.status}`;
  const afterS = ((performance.now() - t1) / 1000).toFixed(1);
  const polls = `${w.answered} polls, slowest ${w.slowestMs.toFixed(0)} ms${
    Object.keys(w.notOk).length ? ` (non-200: ${JSON.stringify(w.notOk)})` : ""
  }`;
  console.log(`\n## ${name}`);
  console.log(`  outcome:            ${outcome}`);
  console.log(`  refused/finished:   ${(elapsed / 1000).toFixed(2)} s`);
  console.log(`  concurrent GET:     ${polls}`);
  console.log(
    `  worker peak RSS:    ${w.workerPeakMb ? `${w.workerPeakMb.toFixed(0)} MB (with its children ${w.treePeakMb.toFixed(0)} MB)` : "worker process not found"}`,
  );
  console.log(`  small run after:    ${afterStatus} in ${afterS} s`);
}
