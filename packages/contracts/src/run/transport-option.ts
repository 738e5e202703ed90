import { z } from "zod";
import { transportKindSchema } from "../result/transport.ts";

/** The transports a run can measure (CLI `--transport`, REST `options.transport.transports`). */
export const transportKinds = transportKindSchema.options;

/** An emulated link: what the user asks for (`--link 20ms/10mbit`). */
export interface LinkSpec {
  /** Round-trip time added by the link, ms (half each way). */
  rttMs: number;
  /** Bandwidth of the link in each direction, Mbit/s. */
  bandwidthMbps: number;
}

const units: Record<string, number> = { kbit: 1e-3, mbit: 1, gbit: 1e3 };

/**
 * Reads `<rtt>ms/<bandwidth><kbit|mbit|gbit>` (e.g. `20ms/10mbit`, `0.5ms/1gbit`): the round trip the
 * link adds and its bandwidth each way. Anything else is an error quoting the expected shape.
 */
export function parseLink(text: string): LinkSpec {
  const m = /^\s*(\d+(?:\.\d+)?)\s*ms\s*\/\s*(\d+(?:\.\d+)?)\s*(kbit|mbit|gbit)(?:\/s)?\s*$/i.exec(text);
  const rttMs = Number(m?.[1]);
  const bandwidthMbps = Number(m?.[2]) * (units[m?.[3]?.toLowerCase() ?? ""] ?? Number.NaN);
  if (!m || !(rttMs <= 10_000) || !(bandwidthMbps > 0) || !(bandwidthMbps <= 100_000))
    throw new Error(
      `bad link "${text}": give <round trip>ms/<bandwidth>mbit, e.g. 20ms/10mbit (round trip up to 10000 ms, bandwidth above 0 and up to 100gbit)`,
    );
  return { rttMs, bandwidthMbps };
}

/** Most messages per format and transport a run made through the API may ask for. */
export const maxRequestedMessages = 1000;

const validLink = (s: string) => {
  try {
    parseLink(s);
    return true;
  } catch {
    return false;
  }
};

/**
 * `options.transport` of a run (REST, web, worker): what `--transport`, `--link` and
 * `--transport-messages` are on the CLI.
 */
export const transportOptionSchema = z
  .object({
    transports: z
      .array(transportKindSchema)
      .min(1)
      .max(transportKinds.length)
      .describe("Measure every format end to end over these: http1, http2, broker (Redis Streams)."),
    link: z
      .string()
      .max(40)
      .refine(validLink, { message: "a link is <round trip>ms/<bandwidth>mbit, e.g. 20ms/10mbit" })
      .optional()
      .describe(
        "An emulated link, <round trip>ms/<bandwidth><kbit|mbit|gbit>, e.g. 20ms/10mbit; loopback when absent.",
      ),
    messages: z
      .number()
      .int()
      .min(1)
      .max(maxRequestedMessages)
      .optional()
      .describe("Messages per format and transport (default 200, quick 30)."),
  })
  .strict()
  .meta({ id: "TransportOption" });
export type TransportOption = z.infer<typeof transportOptionSchema>;
