import type { CrossRuntimeBytes, FormatResult } from "@wirebench/contracts";

/**
 * The Node entry a family's other runtimes are compared with: for MessagePack and CBOR the variant
 * writing the minimal standard encoding (msgpackr and cbor-x pad every object header by default,
 * which no other runtime's library does), else the entry named like the family (`protobuf`, not
 * `protobuf-json`), else the first Node entry of the family.
 */
const idOf = (f: FormatResult) => f.id ?? f.format;

const nodeReference: Record<string, string> = { msgpack: "msgpackr-minimal", cbor: "cbor-minimal" };

/** Node's own entries keep their registry ids; a protocol child's are `<impl>@<runtime>`. */
const isNode = (f: FormatResult) => !idOf(f).includes("@");

/**
 * "Same bytes in every runtime?" per format family measured in two or more runtimes: which entries
 * wrote exactly the reference's bytes (equal digests), and where the others first differ, as a byte
 * offset into the first message (-1 when the first messages agree and a later message differs).
 */
export function crossRuntimeBytes(entries: FormatResult[]): CrossRuntimeBytes[] {
  const ok = entries.filter((f) => f.ok && f.digest);
  const families = [...new Set(ok.map((f) => f.format))];
  const out: CrossRuntimeBytes[] = [];
  for (const format of families) {
    const node = ok.filter((f) => f.format === format && isNode(f));
    const others = ok.filter((f) => f.format === format && !isNode(f));
    const reference =
      node.find((f) => f.id === nodeReference[format]) ??
      node.find((f) => f.id === format) ??
      node[0] ??
      others[0];
    if (!reference) continue;
    const compared = others.filter((f) => f !== reference);
    if (compared.length === 0) continue;
    const row: CrossRuntimeBytes = { format, reference: idOf(reference), same: [], different: [] };
    for (const f of compared) {
      if (f.digest === reference.digest) row.same.push(idOf(f));
      else
        row.different.push({ id: idOf(f), bytes: f.bytes, firstDifferenceAt: firstDifference(reference, f) });
    }
    out.push(row);
  }
  return out;
}

function firstDifference(a: FormatResult, b: FormatResult): number {
  const x = a.firstMessage ? Buffer.from(a.firstMessage.base64, "base64") : Buffer.alloc(0);
  const y = b.firstMessage ? Buffer.from(b.firstMessage.base64, "base64") : Buffer.alloc(0);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return i;
  // One first message is a prefix of the other (or both were cut at the same cap).
  const lengths = [a.firstMessage?.bytes ?? 0, b.firstMessage?.bytes ?? 0];
  if (lengths[0] !== lengths[1]) return n;
  return x.length === y.length && !a.firstMessage?.truncated ? -1 : n;
}
