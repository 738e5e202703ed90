import { formatBytes, formatNs } from "@wirebench/contracts/units";
import { costRows, defaultNetwork } from "@/lib/cost-rows";
import { type FormatRow, sizeSummaryRows } from "@/lib/format-rows";
import { best } from "@/lib/rank-rows";

/**
 * The answer first: smallest (each format in its minimal standard encoding), fastest each way, and
 * which formats lost data. Formats whose only differences are cosmetic (key order) are named apart.
 */
export function Summary({ rows, pending = false }: { rows: FormatRow[]; pending?: boolean }) {
  // While timings are still coming, a "fastest" card would name the fastest of those measured so far.
  const timed = (detail: string) => (pending ? "timings pending" : detail);
  const ok = rows.filter((r) => r.ok);
  const sized = sizeSummaryRows(rows);
  const smallest = best(sized.rows, (r) => r.bytes);
  const smallestZstd = best(sized.rows, (r) => r.zstd);
  const fastestEncode = best(ok, (r) => r.encode?.medianNs);
  const fastestDecode = best(ok, (r) => r.decode?.medianNs);
  const [bestNetwork] = costRows(ok, defaultNetwork);
  const lossy = ok.filter((r) => !r.exact);
  const cosmetic = ok.filter((r) => r.exact && r.cosmetic > 0);
  const failed = rows.filter((r) => !r.ok);
  const cards = [
    { label: "Smallest", value: smallest?.key, detail: formatBytes(smallest?.bytes ?? null) },
    {
      label: "Smallest with zstd",
      value: smallestZstd?.key,
      detail: formatBytes(smallestZstd?.zstd ?? null),
    },
    {
      label: "Fastest encode",
      value: pending ? undefined : fastestEncode?.key,
      detail: timed(formatNs(fastestEncode?.encode?.medianNs)),
    },
    {
      label: "Fastest decode",
      value: pending ? undefined : fastestDecode?.key,
      detail: timed(formatNs(fastestDecode?.decode?.medianNs)),
    },
    {
      label: "Best over the network",
      value: pending ? undefined : bestNetwork?.key,
      detail: timed(
        bestNetwork
          ? `${bestNetwork.perMessageMs.toFixed(2)} ms per message at ${defaultNetwork.bandwidthMbps} Mbit/s, ${defaultNetwork.rttMs} ms RTT`
          : "–",
      ),
    },
  ];
  return (
    <section aria-label="Summary" data-testid="summary">
      <div className="cards">
        {cards.map((c) => (
          <div
            className="card"
            key={c.label}
            data-testid={`card-${c.label.toLowerCase().replaceAll(" ", "-")}`}
          >
            <div className="card-label">{c.label}</div>
            <div className="card-value">{c.value ?? "–"}</div>
            <div className="card-detail">{c.detail}</div>
          </div>
        ))}
      </div>
      {sized.replaced.length > 0 && (
        <p className="muted" data-testid="minimal-sizes">
          Sizes above compare each format&apos;s minimal standard encoding:{" "}
          {sized.replaced
            .map(
              ({ row, minimal }) =>
                `${minimal.key} for ${row.key} (the library default writes ${formatBytes((row.bytes ?? 0) - (minimal.bytes ?? 0))} more: a 3-byte header for every object)`,
            )
            .join("; ")}
          . Both are in the table.
        </p>
      )}
      {lossy.length > 0 && (
        <p className="warning" role="note">
          {lossy.length} format{lossy.length > 1 ? "s" : ""} did not round-trip the data exactly:{" "}
          {lossy.map((r) => r.key).join(", ")}. See the fidelity panel.
        </p>
      )}
      {cosmetic.length > 0 && (
        <p className="muted" data-testid="cosmetic-only">
          Same data, presented otherwise (cosmetic: key order, -0, number type):{" "}
          {cosmetic.map((r) => r.key).join(", ")}.
        </p>
      )}
      {failed.length > 0 && (
        <p className="warning" role="note">
          {failed.length} format{failed.length > 1 ? "s" : ""} could not run:{" "}
          {failed.map((r) => r.key).join(", ")}.
        </p>
      )}
    </section>
  );
}
