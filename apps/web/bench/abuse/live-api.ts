import { isTerminalStatus } from "@wirebench/contracts/steps";
import { defaultQueueName } from "@wirebench/jobs/env";

/** The live stack's REST API as the abuse script calls it: loopback only, JSON bodies, optional token. */
export const base = new URL(process.argv[2] ?? process.env.WIREBENCH_URL ?? "http://127.0.0.1:3000");
if (!["127.0.0.1", "localhost", "[::1]"].includes(base.hostname)) {
  console.error(`abuse-live: ${base.origin} is not loopback; this script only attacks a local stack.`);
  process.exit(2);
}
export const queue = process.env.WIREBENCH_QUEUE ?? defaultQueueName;
const runDeadlineMs = 180_000;

export const url = (path: string) => new URL(path, base).toString();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function call(path: string, init: RequestInit & { token?: string } = {}) {
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

export const postRun = (body: unknown, token?: string) =>
  call("/api/v1/runs", { method: "POST", body: JSON.stringify(body), ...(token ? { token } : {}) });

export async function waitForRun(id: string, token: string): Promise<string> {
  const until = Date.now() + runDeadlineMs;
  for (;;) {
    const { status, body } = await call(`/api/v1/runs/${id}`, { token });
    if (status === 200 && isTerminalStatus(body.status as string)) return body.status as string;
    if (Date.now() > until) return `still ${body.status ?? status} after ${runDeadlineMs / 1000} s`;
    await sleep(250);
  }
}

/** The ordinary small run each attack is followed by. */
export const small = {
  sample: [{ id: 1, name: "a", tags: ["x"] }],
  formats: ["json"],
  options: { quick: true },
};

export const refused = (r: { status: number; body: { error?: { message: string } } }) =>
  `${r.status}${r.body.error ? ` ${r.body.error.message.slice(0, 140)}` : ""}`;
export const created = (r: { status: number; body: { id?: string; error?: { message: string } } }) =>
  r.status === 202 ? { outcome: "202 accepted", runId: r.body.id! } : { outcome: refused(r) };
