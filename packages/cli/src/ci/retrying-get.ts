import type { z } from "zod";
import { failureOf, fetchApi, parseAnswer, RemoteError } from "../remote/api-client.ts";

export interface RetryOptions {
  /** Epoch ms after which no retry is started: the `--timeout` of the whole command. */
  deadline: number;
  /** First wait when the server gives no Retry-After, doubled per attempt (ms). */
  baseDelayMs: number;
  /** Longest single wait (ms). */
  maxDelayMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told about each wait, to say why the CLI is pausing. */
  onRetry?: (status: number, waitMs: number) => void;
}

/** Statuses that mean "later", not "no": the rate limit, and a backing service briefly down. */
const retryable = new Set([429, 503]);

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * GET with retries on 429 and 503, waiting as long as Retry-After says (else backing off
 * exponentially), but never past the deadline: a wait that would end after it fails now with the
 * server's own message. Only GETs come here, so repeating one can do no harm.
 */
export async function getWithRetry<S extends z.ZodType>(
  schema: S,
  server: string,
  token: string | undefined,
  path: string,
  opts: RetryOptions,
): Promise<z.output<S>> {
  const base = server.replace(/\/$/, "");
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    const res = await fetchApi(base, token, "GET", path);
    if (res.ok) return parseAnswer(schema, res, "GET", path);
    const failure = failureOf(res, "GET", path);
    if (!retryable.has(res.status)) throw new RemoteError(failure);
    const backoff = Math.min(opts.maxDelayMs ?? 30_000, opts.baseDelayMs * 2 ** attempt);
    const wait = retryAfterMs(res.headers.get("retry-after"), now()) ?? backoff;
    if (now() + wait > opts.deadline)
      throw new RemoteError(`${failure} (gave up: retrying would pass --timeout)`);
    opts.onRetry?.(res.status, wait);
    await sleep(wait);
  }
}
