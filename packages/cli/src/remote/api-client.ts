import { firstIssue } from "@wirebench/contracts";
import type { z } from "zod";

/** The REST API as the CLI uses it; every failure becomes one readable line (exit code 2). */
export class RemoteError extends Error {}

export interface ApiClient {
  /** Sends a request and reads the answer through its contract (@wirebench/contracts). */
  request<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.output<S>>;
}

export interface ApiResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/** One HTTP exchange with the server; an unreachable server is a RemoteError naming it and why. */
export async function fetchApi(
  base: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (err as Error).message;
    throw new RemoteError(`cannot reach the Wirebench server at ${base} (${reason})`);
  }
  return { status: res.status, ok: res.ok, headers: res.headers, text: await res.text() };
}

/**
 * A successful answer read through its contract. A server that answers something else (another
 * version, a proxy's page) is a RemoteError saying what did not match, never a crash further on.
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  res: ApiResponse,
  method: string,
  path: string,
): z.output<S> {
  const body = parseJson(res.text);
  if (body === undefined)
    throw new RemoteError(
      `server answered ${res.status} to ${method} ${path} with something that is not JSON: ${res.text.slice(0, 200)}`,
    );
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new RemoteError(
      `server's answer to ${method} ${path} does not match the Wirebench API contract (${firstIssue(parsed.error)}); is the server another version?`,
    );
  return parsed.data;
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The server's `{error: {message}}`, or the start of whatever else it answered. */
export function failureOf(res: ApiResponse, method: string, path: string): string {
  const message =
    (parseJson(res.text) as { error?: { message?: string } } | undefined)?.error?.message ??
    res.text.slice(0, 200);
  return `server answered ${res.status} to ${method} ${path}: ${message}`;
}

export function createApiClient(server: string, token?: string): ApiClient {
  const base = server.replace(/\/$/, "");
  return {
    async request(schema, method, path, body) {
      const res = await fetchApi(base, token, method, path, body);
      if (!res.ok) throw new RemoteError(failureOf(res, method, path));
      return parseAnswer(schema, res, method, path);
    },
  };
}
