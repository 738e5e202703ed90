import { formatResultOf } from "@wirebench/contracts/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RunNotices } from "../src/components/run/run-notices.tsx";
import { toRows } from "../src/lib/format-rows.ts";

const failed = (id: string) =>
  formatResultOf({ id, variant: "", ok: false, error: `${id} broke`, encode: null, decode: null });
const measured = (id: string) => formatResultOf({ id, variant: "", bytes: 10 });
const render = (props: Partial<Parameters<typeof RunNotices>[0]>) =>
  renderToStaticMarkup(<RunNotices status="completed" error={null} rows={[]} pollError={null} {...props} />);

describe("run notices", () => {
  it("says so when a completed run has every format failed, and not when one succeeded", () => {
    expect(render({ rows: toRows([failed("json"), failed("cbor")]) })).toContain('data-testid="all-failed"');
    expect(render({ rows: toRows([failed("json"), measured("cbor")]) })).not.toContain("all-failed");
  });

  it("shows a failed poll while the run goes on, and not once the run is over", () => {
    const pollError = new Error("Failed to fetch");
    const live = render({ status: "running", pollError });
    expect(live).toContain('data-testid="poll-error"');
    expect(live).toContain(pollError.message);
    expect(render({ status: "completed", pollError })).not.toContain("poll-error");
  });

  it("explains a canceled run and a failed one with its error", () => {
    expect(render({ status: "canceled" })).toContain('data-testid="run-canceled"');
    const error = "The job queue (Redis) was unavailable.";
    expect(render({ status: "failed", error })).toContain(error);
  });
});
