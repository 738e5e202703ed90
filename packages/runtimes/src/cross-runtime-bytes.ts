import type { CrossRuntimeBytes, FirstMessage, FormatResult } from "@wirebench/contracts";

/**
 * Bytes a family's entries are compared with that Node computes from the data model rather than
 * measures (dataModelJson): what its entry named like the family would write if it were given the
 * data model as the other runtimes are.
 */
export interface ByteReference {
  id: string;
  format: string;
  bytes: number;
  digest: string;
  firstMessage?: FirstMessage;
}

/**
 * The reference a family's other runtimes are compared with, first that applies: for MessagePack
 * and CBOR Node's variant writing the minimal standard encoding (msgpackr and cbor-x pad every
 * object header by default, which no other runtime's library does); a computed reference of the
 * family (JSON: JSON.stringify of the data model) unless Node's entry named like the family writes
 * exactly its bytes, then that entry; the Node entry named like the family (`protobuf`, not
 * `protobuf-json`); the first Node entry of the family; the first entry.
 */
const idOf = (f: FormatResult) => f.id ?? f.format;

const nodeReference: Record<string, string> = { msgpack: "msgpackr-minimal", cbor: "cbor-minimal" };

/** Node's own entries keep their registry ids; a protocol child's are `<impl>@<runtime>`. */
const isNode = (f: FormatResult) => !idOf(f).includes("@");

/**
 * "Same bytes in every runtime?" per format family measured in two or more runtimes: which entries
 * wrote exactly the reference's bytes (equal digests), and where the others first differ, as a byte
 * offset into the first message (-1 when the first messages agree and a later message differs).
 * `computed`: references Node computes rather than measures (see ByteReference). An entry whose impl
 * is the id of one of Node's variants other than the family's name (`thrift-compact@java` and
 * Node's `thrift-compact`) is compared with that variant, so a family has one row per such reference.
 */
export function crossRuntimeBytes(
  entries: FormatResult[],
  computed: ByteReference[] = [],
): CrossRuntimeBytes[] {
  const ok = entries.filter((f) => f.ok && f.digest);
  const families = [...new Set(ok.map((f) => f.format))];
  const out: CrossRuntimeBytes[] = [];
  for (const format of families) {
    const node = ok.filter((f) => f.format === format && isNode(f));
    const others = ok.filter((f) => f.format === format && !isNode(f));
    const named = node.find((f) => f.id === format);
    const model = computed.find((r) => r.format === format && r.digest !== named?.digest);
    const reference: FormatResult | ByteReference | undefined =
      node.find((f) => f.id === nodeReference[format]) ?? model ?? named ?? node[0] ?? others[0];
    if (!reference) continue;
    const rows = new Map<FormatResult | ByteReference, FormatResult[]>();
    for (const f of others) {
      if (f === reference) continue;
      // Only an impl named unlike its family: `cbor@go` is compared with cbor-minimal, not Node's `cbor`.
      const own = (f.variant !== format && node.find((n) => n.id === f.variant)) || reference;
      rows.set(own, [...(rows.get(own) ?? []), f]);
    }
    for (const [ref, compared] of rows) {
      const row: CrossRuntimeBytes = { format, reference: ref.id ?? format, same: [], different: [] };
      for (const f of compared) {
        if (f.digest === ref.digest) row.same.push(idOf(f));
        else row.different.push({ id: idOf(f), bytes: f.bytes, firstDifferenceAt: firstDifference(ref, f) });
      }
      out.push(row);
    }
  }
  return out;
}

function firstDifference(a: Pick<FormatResult, "firstMessage">, b: FormatResult): number {
  const x = a.firstMessage ? Buffer.from(a.firstMessage.base64, "base64") : Buffer.alloc(0);
  const y = b.firstMessage ? Buffer.from(b.firstMessage.base64, "base64") : Buffer.alloc(0);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return i;
  // One first message is a prefix of the other (or both were cut at the same cap).
  const lengths = [a.firstMessage?.bytes ?? 0, b.firstMessage?.bytes ?? 0];
  if (lengths[0] !== lengths[1]) return n;
  return x.length === y.length && !a.firstMessage?.truncated ? -1 : n;
}
