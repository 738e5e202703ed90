import type { TransportLink } from "@wirebench/contracts/result";
import type { LinkSpec } from "../link/parse-link.ts";
import { probeNetem } from "../link/probe-netem.ts";

/**
 * How an emulated link is made on this machine. `tc netem` between network namespaces is the honest
 * kernel emulation, but the children it would need moving into a namespace are the harness's
 * sandboxed forks, which cannot enter one; so the link is always the paced proxy on loopback, and the
 * note says whether netem was there at all (on a machine without it, the proxy is the only choice).
 */
export function chooseLink(spec: LinkSpec | undefined): TransportLink {
  if (!spec) return { kind: "loopback", rttMs: 0, bandwidthMbps: null };
  const netem = probeNetem();
  const note = netem.available
    ? "netem is available, but the sandboxed children cannot join a network namespace: a paced proxy on loopback emulated the link"
    : `tc netem unavailable (${netem.reason}): a paced proxy on loopback emulated the link`;
  return { kind: "proxy", rttMs: spec.rttMs, bandwidthMbps: spec.bandwidthMbps, note };
}
