import { ByteReader } from "./byte-reader.ts";
import type { PathGuide } from "./path-guide.ts";
import { discard, type Tally } from "./tally.ts";

/**
 * CBOR (RFC 8949): a scalar's head and payload go to its path, as does a tag in front of a scalar
 * (a bignum, a typed array); a map or array head to `length`, a tag in front of one to `tag`, the
 * break of an indefinite-length container to `structure`; map keys to `key`.
 */
export function walkCbor(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const r = new ByteReader(bytes);
  item(r, guide, tally, "value");
  if (!r.done) throw new Error(`CBOR: ${bytes.length - r.pos} bytes after the message`);
}

const BREAK = 0xff;

/** The argument of a head (count, length or value); -1 for indefinite length. */
function argument(r: ByteReader, info: number): number {
  if (info < 24) return info;
  if (info <= 27) return r.uintBE(1 << (info - 24));
  if (info === 31) return -1;
  throw new Error(`CBOR: reserved additional information ${info} at ${r.pos - 1}`);
}

function item(r: ByteReader, g: PathGuide, t: Tally, as: "value" | "key"): string | undefined {
  const start = r.pos;
  const head = r.u8();
  const major = head >> 5;
  const info = head & 0x1f;
  if (major === 7) {
    if (info === 31) throw new Error(`CBOR: unexpected break at ${start}`);
    r.skip(info < 24 ? 0 : info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : 8);
    t.add(g.path, as, r.since(start));
    return undefined;
  }
  const arg = argument(r, info);
  if (major === 0 || major === 1) {
    t.add(g.path, as, r.since(start));
    return undefined;
  }
  if (major === 2 || major === 3) {
    if (arg >= 0) r.skip(arg);
    else while (r.bytes[r.pos] !== BREAK) item(r, g, discard, as);
    if (arg < 0) r.skip(1);
    t.add(g.path, as, r.since(start));
    return major === 3 && as === "key" && arg >= 0
      ? Buffer.from(r.bytes.subarray(r.pos - arg, r.pos)).toString("utf8")
      : undefined;
  }
  if (major === 6) {
    const inner = r.bytes[r.pos] as number;
    const container = inner >> 5 === 4 || inner >> 5 === 5;
    if (container) {
      t.add(g.path, as === "key" ? "key" : "tag", r.since(start));
      return item(r, g, t, as);
    }
    item(r, g, discard, as);
    t.add(g.path, as, r.since(start));
    return undefined;
  }
  const map = major === 5;
  t.add(g.path, as === "key" ? "key" : "length", r.since(start));
  for (let i = 0; arg < 0 ? r.bytes[r.pos] !== BREAK : i < arg; i++) {
    r.need(1);
    if (!map) {
      item(r, g.item(), t, as);
      continue;
    }
    const keyStart = r.pos;
    const key = item(r, g, discard, "key");
    const child = g.key(key ?? Buffer.from(r.bytes.subarray(keyStart, r.pos)).toString("hex"));
    t.add(child.path, "key", r.since(keyStart));
    item(r, child, t, as);
  }
  if (arg < 0) {
    r.skip(1);
    t.add(g.path, as === "key" ? "key" : "structure", 1);
  }
  return undefined;
}
