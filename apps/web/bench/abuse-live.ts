// Abuse script (not a test): sends each hostile request of issue 12 to a live stack started with
// `npm run up` and prints, per attack, how long the service took to refuse or finish it, the slowest
// answer of a cheap GET polled every 20 ms meanwhile, the worker's peak resident memory (read from
// /proc; the worker is found by its command line, working directory and queue), and whether an
// ordinary small run completes right after. Loopback only; every attack sends a bounded number of
// requests.
//
//   WIREBENCH_QUEUE=my-queue npx tsx apps/web/bench/abuse-live.ts [http://127.0.0.1:3107]
//
// The poller makes ~50 reads a second with one token; run the stack with WIREBENCH_RATE_LIMIT_READ
// above 3000 (per minute) or the poll's own 429s show up in its column.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import {
  punctuationKeysSample,
  refBombSchema,
} from "../../../packages/schemas/test/hostile/hostile-inputs.ts";

const base = new URL(process.argv[2] ?? process.env.WIREBENCH_URL ?? "http://127.0.0.1:3000");
if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) {
  console.error(`abuse-live: ${base.origin} is not loopback; this script only attacks a local stack.`);
  process.exit(2);
}
const queue = process.env.WIREBENCH_QUEUE ?? "wirebench-runs";
const pollEveryMs = 20;
const runDeadlineMs = 180_000;
const terminal = new Set(["completed", "failed", "canceled"]);

const url = (path: string) => new URL(path, base).toString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    ...(init.headers as Record<string, string>),
  };
  const res = await fetch(url(path), { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return {
    status: res.status,
    body: body as Record<string, unknown> & { id?: string; error?: { message: string } },
  };
}

const postRun = (body: unknown, token?: string) =>
  call("/api/v1/runs", { method: "POST", body: JSON.stringify(body), ...(token ? { token } : {}) });

async function waitForRun(id: string, token: string): Promise<string> {
  const until = Date.now() + runDeadlineMs;
  for (;;) {
    const { status, body } = await call(`/api/v1/runs/${id}`, { token });
    if (status === 200 && terminal.has(body.status as string)) return body.status as string;
    if (Date.now() > until) return `still ${body.status ?? status} after ${runDeadlineMs / 1000} s`;
    await sleep(250);
  }
}

// ---- the worker process, from /proc ----------------------------------------------------------

const procText = (pid: string, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
};
const parentOf = (pid: string) =>
  procText(pid, "stat")
    .replace(/^.*\) /s, "")
    .split(" ")[1] ?? "";
const rssKb = (pid: string) => Number(/VmRSS:\s+(\d+)/.exec(procText(pid, "status"))?.[1] ?? 0);

/** The worker's node process: runs src/main.ts in apps/worker, on our queue (tsx's own wrapper excluded). */
function findWorker(): string | null {
  const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const matches = pids.filter((pid) => {
    if (
      !procText(pid, "cmdline")
        .split("\0")
        .some((a) => a.endsWith("src/main.ts"))
    )
      return false;
    let cwd = "";
    try {
      cwd = readlinkSync(`/proc/${pid}/cwd`);
    } catch {}
    if (!cwd.endsWith("/apps/worker")) return false;
    const environ = procText(pid, "environ").split("\0");
    const q = environ.find((e) => e.startsWith("WIREBENCH_QUEUE="))?.slice("WIREBENCH_QUEUE=".length);
    return (q ?? "wirebench-runs") === queue;
  });
  // tsx starts the real worker as its child: prefer the match whose parent also matches.
  return matches.find((pid) => matches.includes(parentOf(pid))) ?? matches[0] ?? null;
}

function descendants(root: string): string[] {
  const pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p));
  const parent = new Map(pids.map((p) => [p, parentOf(p)]));
  const out: string[] = [];
  const walk = (p: string) => {
    for (const [child, pp] of parent) {
      if (pp !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

// ---- one attack, watched -----------------------------------------------------------------------

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

const small = { sample: [{ id: 1, name: "a", tags: ["x"] }], formats: ["json"], options: { quick: true } };

async function attack(
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

const refused = (r: { status: number; body: { error?: { message: string } } }) =>
  `${r.status}${r.body.error ? ` ${r.body.error.message.slice(0, 140)}` : ""}`;
const created = (r: { status: number; body: { id?: string; error?: { message: string } } }) =>
  r.status === 202 ? { outcome: "202 accepted", runId: r.body.id! } : { outcome: refused(r) };

// ---- the attacks ---------------------------------------------------------------------------------

async function main() {
  const worker = findWorker();
  console.log(`# abuse-live against ${base.origin}, queue ${queue}, worker pid ${worker ?? "not found"}`);
  const project = await call("/api/v1/projects", {
    method: "POST",
    body: JSON.stringify({ name: `abuse-live-${randomBytes(4).toString("hex")}` }),
    ...(process.env.WIREBENCH_ADMIN_TOKEN ? { token: process.env.WIREBENCH_ADMIN_TOKEN } : {}),
  });
  if (project.status !== 201) throw new Error(`could not create a project: ${refused(project)}`);
  const token = project.body.token as string;
  // The run the cheap GET reads, on branch main, and one on a feature branch for the share-link attack.
  const cheap = await postRun({ ...small, branch: "main" }, token);
  if (cheap.status !== 202) throw new Error(`the stack refused a small run: ${refused(cheap)}`);
  const cheapStatus = await waitForRun(cheap.body.id!, token);
  console.log(`small run on main: ${cheapStatus}`);
  const feature = await postRun({ ...small, branch: "feature-secret" }, token);
  await waitForRun(feature.body.id!, token);
  const ctx = { token, cheapRun: cheap.body.id! };

  await attack("$ref bomb JSON Schema (8 properties per level, 6 levels)", ctx, async () => {
    const text = refBombSchema(8, 6);
    return created(await postRun({ schema: { kind: "jsonschema", text } }));
  });

  await attack("20,000 punctuation-only keys, each holding an object", ctx, async () =>
    created(await postRun({ sample: punctuationKeysSample(20_000), formats: ["json", "protobuf"] })),
  );

  await attack("1,000 fields × 10,000 {} objects with a schema", ctx, async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, i) => [`f${i}`, { type: "integer" }]),
    );
    const schema = JSON.stringify({ title: "Wide", type: "object", properties });
    const sample = `[${Array(10_000).fill("{}").join(",")}]`;
    return created(
      await postRun({ sample, schema: { kind: "jsonschema", text: schema }, formats: ["json"] }),
    );
  });

  await attack("deep nesting via tRPC (a sample value 10,000 levels deep)", ctx, async () => {
    const body = `{"0": {"sample": ${"[".repeat(10_000)}1${"]".repeat(10_000)}}}`;
    const res = await call("/api/trpc/runs.create?batch=1", { method: "POST", body });
    const reply = (Array.isArray(res.body) ? res.body[0] : res.body) as {
      error?: { message: string };
      result?: { data: { id: string } };
    };
    if (reply?.result) return { outcome: `${res.status} accepted`, runId: reply.result.data.id };
    return { outcome: `${res.status} ${reply?.error?.message?.slice(0, 140) ?? ""}` };
  });

  await attack("cross-site text/plain POST (an HTML form on another site)", ctx, async () => {
    const res = await call("/api/v1/runs", {
      method: "POST",
      body: JSON.stringify(small),
      headers: {
        "content-type": "text/plain",
        origin: "http://evil.example",
        "sec-fetch-site": "cross-site",
      },
    });
    return res.status === 202 ? created(res) : { outcome: refused(res) };
  });

  await attack("share link asks for another branch's latest run (comparison)", ctx, async () => {
    const res = await call(`/api/v1/runs/${cheap.body.id}/comparison?baseline=feature-secret`);
    const leaked = JSON.stringify(res.body).includes(feature.body.id!);
    return { outcome: `${refused(res)}${leaked ? " — LEAKED the feature run's id" : ""}` };
  });

  await attack("30 made-up tokens, then the real token", ctx, async () => {
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 30; i++) {
      const r = await postRun(small, `wb_${randomBytes(24).toString("base64url")}`);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    const real = await postRun(small, token);
    const anon = await postRun(small);
    return {
      outcome: `made-up: ${JSON.stringify(statuses)}; real token: ${real.status}; same address without a token: ${anon.status}`,
      ...(real.status === 202 ? { runId: real.body.id! } : {}),
    };
  });
}

main().catch((err: Error) => {
  console.error(`abuse-live: ${err.message}`);
  process.exit(1);
});
