/** A failure the user can fix from one line of text (no stack trace needed). */
export class ServiceUnreachableError extends Error {
  constructor(
    readonly service: "PostgreSQL" | "Redis",
    readonly url: string,
    cause: unknown,
    hint: string,
  ) {
    const reason = (cause as { code?: string })?.code ?? (cause as Error)?.message ?? String(cause);
    super(`${service} is not reachable at ${redactUrl(url)} (${reason}). ${hint}`);
    this.name = "ServiceUnreachableError";
  }
}

/** Hide a password in a connection URL before it goes into a message or a log. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

export const postgresHint =
  "Start PostgreSQL (`pg_ctlcluster 15 main start`, or `docker compose up -d postgres`) or set DATABASE_URL.";
