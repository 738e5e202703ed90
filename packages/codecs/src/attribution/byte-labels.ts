import type { BytePart, Tally } from "./tally.ts";

/**
 * One label per byte of a message, for formats read by position rather than in order (YAML's node
 * ranges, FlatBuffers and Cap'n Proto offsets): a walker marks what it recognises, and whatever no
 * one marked keeps the default label (YAML's indentation, a buffer's alignment padding).
 */
export class ByteLabels {
  private readonly ids: Uint32Array;
  private readonly labels: { path: string; part: BytePart }[] = [];
  private readonly index = new Map<string, number>();

  constructor(length: number, path: string, part: BytePart) {
    this.ids = new Uint32Array(length);
    this.id(path, part);
  }

  private id(path: string, part: BytePart): number {
    const key = `${part}\u0000${path}`;
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.labels.length;
      this.labels.push({ path, part });
      this.index.set(key, id);
    }
    return id;
  }

  mark(start: number, end: number, path: string, part: BytePart): void {
    if (start < 0 || end > this.ids.length || start > end)
      throw new Error(`bytes ${start}..${end} are outside the message's ${this.ids.length}`);
    this.ids.fill(this.id(path, part), start, end);
  }

  /** The label of one byte (Cap'n Proto packing carries each byte's label over). */
  at(i: number): { path: string; part: BytePart } {
    return this.labels[this.ids[i] as number] as { path: string; part: BytePart };
  }

  get length(): number {
    return this.ids.length;
  }

  addTo(tally: Tally): void {
    const counts = new Array<number>(this.labels.length).fill(0);
    for (const id of this.ids) counts[id] = (counts[id] ?? 0) + 1;
    counts.forEach((n, id) => {
      const l = this.labels[id] as { path: string; part: BytePart };
      tally.add(l.path, l.part, n);
    });
  }
}
