export { type LinkSpec, parseLink } from "./link/parse-link.ts";
export { probeNetem } from "./link/probe-netem.ts";
export { mediaType } from "./media-types.ts";
export { runTransports, type TransportOptions, type TransportOutcome } from "./run/run-transports.ts";
export { modelNetwork, withTransport, withTransportEntries } from "./run/with-transport.ts";
export {
  defaultTransportSettings,
  parseTransports,
  quickTransportSettings,
  type TransportKind,
  type TransportSettings,
  transportKinds,
} from "./settings.ts";
