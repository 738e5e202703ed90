/**
 * What a byte of an encoded message is: the value of a field, or one of the structural costs a
 * format adds around values. Every walker assigns every byte it reads to exactly one part of one path,
 * so the parts add up to the message's length (checked by `finish`).
 */
export type BytePart =
  /** The field's value, with a scalar's own type marker and length prefix. */
  | "value"
  /** Names of fields and keys of map entries written in the data (JSON keys, BSON element names, Ion field symbols). */
  | "key"
  /** Field numbers and wire or type codes in front of a value (Protobuf and Thrift field headers, BSON element types, Avro union indexes). */
  | "tag"
  /** Lengths and element counts of containers (embedded messages, lists, packed runs, maps, documents). */
  | "length"
  /** Delimiters and terminators (JSON braces and commas, BSON document ends, Thrift STOP, YAML indentation, XML angle brackets). */
  | "structure"
  /** Once per message: headers, version marks, segment tables, root offsets. */
  | "framing"
  /** Alignment bytes that carry nothing. */
  | "padding"
  /** FlatBuffers vtables and the table offsets that point at them. */
  | "vtable"
  /** Offsets and pointers to out-of-line data (FlatBuffers uoffsets, Cap'n Proto pointers). */
  | "pointer"
  /** Cap'n Proto packing's tag bytes and zero-run counts. */
  | "packing"
  /** Bytes the walker could not assign; a limitation says why. */
  | "unattributed";

/** The name a structural part gets as a Result entry (`value` keeps its field path). */
export const structuralNames: Record<Exclude<BytePart, "value">, string> = {
  key: "(keys)",
  tag: "(tags)",
  length: "(lengths)",
  structure: "(structure)",
  framing: "(framing)",
  padding: "(padding)",
  vtable: "(vtables)",
  pointer: "(pointers)",
  packing: "(packing)",
  unattributed: "(unattributed)",
};

/** One path's bytes split by part (what tests compare with a reference encoder field by field). */
export type PathParts = Partial<Record<BytePart, number>>;

export interface AttributionEntry {
  path: string;
  bytes: number;
}

/** The root value's own bytes when a message is a scalar or a list, not a record. */
export const ROOT_PATH = "(root)";

export function joinPath(parent: string, segment: string): string {
  return parent === "" ? segment : `${parent}.${segment}`;
}

/** Sums bytes per (path, part) over every message of a dataset. */
export class Tally {
  readonly parts = new Map<string, PathParts>();
  total = 0;

  add(path: string, part: BytePart, bytes: number): void {
    if (bytes === 0) return;
    if (bytes < 0 || !Number.isInteger(bytes)) throw new Error(`bad byte count ${bytes} for ${path}`);
    const key = path === "" && part === "value" ? ROOT_PATH : path;
    let p = this.parts.get(key);
    if (!p) {
      p = {};
      this.parts.set(key, p);
    }
    p[part] = (p[part] ?? 0) + bytes;
    this.total += bytes;
  }

  /**
   * Result entries: every field path with its value bytes, then one entry per structural part,
   * largest first. Paths beyond `maxPaths` are summed into `(other paths)` so a map-like object with
   * thousands of distinct keys cannot blow up a result.
   */
  entries(maxPaths: number): AttributionEntry[] {
    const byName = new Map<string, number>();
    for (const [path, parts] of this.parts) {
      for (const [part, bytes] of Object.entries(parts) as [BytePart, number][]) {
        const name = part === "value" ? path : structuralNames[part];
        byName.set(name, (byName.get(name) ?? 0) + bytes);
      }
    }
    const all = [...byName].map(([path, bytes]) => ({ path, bytes })).sort(byBytes);
    const fields = all.filter((e) => !e.path.startsWith("("));
    const structural = all.filter((e) => e.path.startsWith("("));
    if (fields.length <= maxPaths) return [...fields, ...structural];
    const kept = fields.slice(0, maxPaths);
    const other = fields.slice(maxPaths).reduce((n, e) => n + e.bytes, 0);
    return [...kept, { path: "(other paths)", bytes: other }, ...structural];
  }
}

function byBytes(a: AttributionEntry, b: AttributionEntry): number {
  return b.bytes - a.bytes || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/** Takes a nested walk's bytes and drops them, where the caller files those bytes as one (a key). */
class DiscardTally extends Tally {
  override add(): void {}
}
export const discard: Tally = new DiscardTally();
