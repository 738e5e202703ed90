import ipaddr from "ipaddr.js";

/**
 * The header apps/web/server.mjs writes with the TCP peer address of every request, replacing any
 * value a client sent. Next.js route handlers and pages see no socket, and Next's own
 * X-Forwarded-For is kept as the client wrote it, so this is the only address a client cannot forge.
 */
export const peerAddressHeader = "x-wirebench-peer-address";

const peerMarker = Symbol.for("wirebench.peerAddressHeader");

/** Called by the server that writes the header; until then the header is ignored (a client could send it). */
export function markPeerAddressHeaderWritten(): void {
  (globalThis as Record<symbol, unknown>)[peerMarker] = true;
}

export const peerAddressHeaderWritten = () => (globalThis as Record<symbol, unknown>)[peerMarker] === true;

/**
 * The rate-limit bucket of an address: IPv4 as is (an IPv4-mapped IPv6 address too), IPv6 by its /64,
 * since one customer routinely gets a whole /64 and could otherwise take a fresh bucket per request.
 * Anything unparsable is its own text, so it still cannot share a bucket with a real address.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/**
 * The client's address, or null when it cannot be known. With WIREBENCH_TRUST_PROXY hops, the entry of
 * X-Forwarded-For the outermost trusted proxy appended (from the right: the first entries are whatever
 * the client wrote). Otherwise the peer address the server recorded.
 */
export function clientIp(headers: Headers, trustProxyHops: number): string | null {
  if (trustProxyHops <= 0) return peerAddressHeaderWritten() ? headers.get(peerAddressHeader) : null;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length > 0) return chain[Math.max(0, chain.length - trustProxyHops)]!;
  return headers.get("x-real-ip")?.trim() || null;
}
