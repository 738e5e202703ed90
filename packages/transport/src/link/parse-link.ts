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
