import { z } from "zod";

/**
 * Settings of the request-handling layer that are not (yet) in src/env.ts. Same conventions:
 * environment variables, parsed once, with a default that is safe on a server facing the internet.
 */
export const serverSettingsSchema = z.object({
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. 0 (the default) ignores
   * X-Forwarded-For and X-Real-IP, since any client can send them; `true` means 1.
   */
  WIREBENCH_TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .default("0")
    .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v)))
    .pipe(z.number({ error: "must be true, false or a number of proxy hops" }).int().min(0).max(16)),
});

export interface ServerSettings {
  /** Trusted proxy hops; see WIREBENCH_TRUST_PROXY. */
  trustProxyHops: number;
}

export function parseServerSettings(
  source: Record<string, string | undefined> = process.env,
): ServerSettings {
  const result = serverSettingsSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment: ${lines.join("; ")}`);
  }
  return { trustProxyHops: result.data.WIREBENCH_TRUST_PROXY };
}
