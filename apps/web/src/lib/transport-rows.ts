import type { FormatTransport, TransportMeasurement } from "@wirebench/contracts";

export interface TransportRow {
  key: string;
  format: string;
  transport: string;
  /** The measurement, or why this format could not be measured on this transport. */
  measured: TransportMeasurement | null;
  error: string | null;
}

const order = ["http1", "http2", "broker"];

/**
 * One row per format and transport, formats by their order in the run and transports in a fixed
 * order; pure so it is tested apart from the page.
 */
export function transportRows(
  entries: { id?: string; format: string; transport?: FormatTransport }[],
): TransportRow[] {
  return entries.flatMap((e) =>
    Object.entries(e.transport ?? {})
      .filter(([, m]) => m)
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([transport, m]) => {
        const format = e.id ?? e.format;
        const failed = m && "error" in m ? m.error : null;
        return {
          key: `${format}/${transport}`,
          format,
          transport,
          measured: failed === null ? (m as TransportMeasurement) : null,
          error: failed,
        };
      }),
  );
}

/** How far the cost model can be trusted for a row: within 0.8–1.25 of the measurement counts as agreeing. */
export const modelAgrees = (ratio: number) => ratio >= 0.8 && ratio <= 1.25;
