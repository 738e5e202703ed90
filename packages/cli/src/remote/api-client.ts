/** The REST API as the CLI uses it; every failure becomes one readable line (exit code 2). */
export class RemoteError extends Error {}

export interface ApiClient {
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
}

export function createApiClient(server: string, token?: string): ApiClient {
  const base = server.replace(/\/$/, "");
  return {
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
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
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (!res.ok) {
        const message = (parsed as { error?: { message?: string } })?.error?.message ?? text.slice(0, 200);
        throw new RemoteError(`server answered ${res.status} to ${method} ${path}: ${message}`);
      }
      return parsed as T;
    },
  };
}
