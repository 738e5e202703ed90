import type { TransportRun } from "@wirebench/contracts";
import { formatBytes, formatNs } from "@wirebench/contracts/units";
import { modelAgrees, transportRows } from "@/lib/transport-rows";
import type { RunData } from "./types";

const linkText = (t: TransportRun) =>
  t.link.kind === "loopback"
    ? "loopback, no emulated link (the model sees no network, so its ratio shows what HTTP or Redis costs beyond the codec)"
    : `${t.link.rttMs} ms round trip, ${t.link.bandwidthMbps} Mbit/s, ${t.link.kind === "netem" ? "tc netem" : "a paced proxy on loopback"}`;

/**
 * Each format measured over real transports (HTTP/1.1, HTTP/2, Redis Streams) beside the cost model's
 * prediction for the same link: where they part, CPU, headers or the transport itself dominate.
 */
export function TransportPanel({ run }: { run: RunData }) {
  const t = run.transport;
  if (!t) return null;
  const rows = transportRows(run.formats);
  return (
    <section aria-label="Over a wire" data-testid="transport-panel">
      <h3>Over a wire</h3>
      <p className="muted small">
        {linkText(t)}; {t.messages} messages per format after {t.warmupMessages} warm-up. HTTP latency runs
        from encode to the response after decode (one round trip), broker latency from encode to decode (one
        way).
        {t.link.note ? ` ${t.link.note}.` : ""}
      </p>
      <div className="table-scroll">
        <table className="compact">
          <thead>
            <tr>
              <th scope="col">format</th>
              <th scope="col">transport</th>
              <th scope="col">messages/s</th>
              <th scope="col">latency (median, 95% CI)</th>
              <th scope="col">p99</th>
              <th scope="col">on the wire</th>
              <th scope="col">CPU producer / consumer</th>
              <th scope="col">model predicts</th>
              <th scope="col">measured ÷ model</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, format, transport, measured: m, error }) => (
              <tr key={key} data-testid="transport-row">
                <td data-label="format">{format}</td>
                <td data-label="transport">{transport}</td>
                {m ? (
                  <>
                    <td data-label="messages/s">{m.messagesPerSec.toFixed(0)}</td>
                    <td data-label="latency">
                      {formatNs(m.latency.medianNs)}{" "}
                      <span className="muted small">
                        ({formatNs(m.latency.ciLowNs)}–{formatNs(m.latency.ciHighNs)})
                      </span>
                    </td>
                    <td data-label="p99">{formatNs(m.latency.p99Ns)}</td>
                    <td data-label="on the wire">{formatBytes(Math.round(m.wireBytesPerMessage))}</td>
                    <td data-label="CPU">
                      {formatNs(m.producerCpuNs)} / {formatNs(m.consumerCpuNs)}
                    </td>
                    <td data-label="model predicts">{m.model ? formatNs(m.model.predictedNs) : "–"}</td>
                    <td
                      data-label="measured ÷ model"
                      className={m.model && !modelAgrees(m.model.ratio) ? "falls-short" : ""}
                    >
                      {m.model ? `${m.model.ratio.toFixed(2)}×` : "–"}
                    </td>
                  </>
                ) : (
                  <td colSpan={7} className="muted">
                    {error}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
