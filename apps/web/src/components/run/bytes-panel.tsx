"use client";

import { formatBytes } from "@wirebench/contracts/units";
import { useSyncExternalStore } from "react";
import { rowKey } from "@/lib/format-rows";
import { base64ToBytes, hexDump } from "@/lib/hex-dump";
import type { FormatEntry } from "./types";

const narrowQuery = "(max-width: 640px)";
const subscribe = (onChange: () => void) => {
  const mq = window.matchMedia(narrowQuery);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
};

/** Eight bytes a row fit a 375 px phone without scrolling; sixteen is the usual width elsewhere. */
function useBytesPerRow(): number {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(narrowQuery).matches ? 8 : 16),
    () => 16,
  );
}

function HexView({ first, perRow }: { first: NonNullable<FormatEntry["firstMessage"]>; perRow: number }) {
  const bytes = base64ToBytes(first.base64);
  return (
    <>
      <pre className="hex">{hexDump(bytes, perRow)}</pre>
      {first.truncated && (
        <p className="muted small">
          Showing the first {formatBytes(bytes.length)} of {formatBytes(first.bytes)}.
        </p>
      )}
    </>
  );
}

/** The first encoded message of each format as hex and ASCII: what the format actually sends. */
export function BytesPanel({ entries }: { entries: FormatEntry[] }) {
  const perRow = useBytesPerRow();
  return (
    <section aria-label="Encoded bytes" data-testid="bytes-panel">
      <h3>Encoded bytes of the first message</h3>
      {entries.map((e) => {
        const key = e.id ?? rowKey(e.format, e.variant);
        const first = e.ok ? e.firstMessage : undefined;
        return (
          <details key={key} data-format={key}>
            <summary>
              {key}:{" "}
              {!e.ok ? (
                <span className="bad">could not run</span>
              ) : first ? (
                formatBytes(first.bytes)
              ) : (
                <span className="muted">not available</span>
              )}
            </summary>
            {first ? (
              <HexView first={first} perRow={perRow} />
            ) : (
              <p className="muted">
                {e.ok
                  ? "Not available: this run was measured before encoded bytes were recorded."
                  : (e.error ?? "This format could not run.")}
              </p>
            )}
          </details>
        );
      })}
    </section>
  );
}
