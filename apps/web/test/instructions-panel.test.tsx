import { formatResultOf } from "@wirebench/contracts/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InstructionsPanel } from "../src/components/run/instructions-panel.tsx";

const count = (perOp: number, spread = 0.00002) => ({
  perOp,
  runs: [perOp, perOp * (1 + spread)],
  spread,
  noisy: spread > 0.001,
  settled: true,
});
const timing = (medianNs: number) => ({
  medianNs,
  ciLowNs: medianNs,
  ciHighNs: medianNs,
  samples: 20,
  opsPerSec: 1e9 / medianNs,
  mbPerSec: 1,
});
const json = formatResultOf({
  id: "json",
  encode: timing(20_000),
  decode: timing(60_000),
  instructions: { encode: count(200_000), decode: count(400_000, 0.003) },
});
const available = { available: true, method: "callgrind", processes: 2 };

describe("run page: instruction counts", () => {
  it("shows each count, its spread, the estimate at the run's pace and the wall median side by side", () => {
    const html = renderToStaticMarkup(<InstructionsPanel entries={[json]} run={available} />);
    // Pace: (20 µs + 60 µs) / 600,000 instructions; encode's estimate 200,000 × that = 26.7 µs.
    expect(html).toContain('<td data-label="instructions/call">200,000</td>');
    expect(html).toContain("26.7 µs");
    expect(html).toContain("20.0 µs");
    expect(html).toContain("0.300% noisy");
    expect(html).toContain("7.50 instructions/ns");
  });

  it("says why when valgrind was unavailable, and renders nothing for a run that did not count", () => {
    const reason = "valgrind is not available (/nope: not found)";
    const html = renderToStaticMarkup(
      <InstructionsPanel entries={[]} run={{ available: false, reason, method: "callgrind" }} />,
    );
    expect(html).toContain(`Unavailable: ${reason}`);
    const { instructions: _none, ...plain } = json;
    expect(renderToStaticMarkup(<InstructionsPanel entries={[plain]} run={undefined} />)).toBe("");
  });
});
