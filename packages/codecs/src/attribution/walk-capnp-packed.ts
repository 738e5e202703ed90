import type { ByteLabels } from "./byte-labels.ts";
import type { Tally } from "./tally.ts";

/**
 * Cap'n Proto's packing, undone with a record of where each packed byte came from: a tag byte (and
 * the word count after a 0x00 or 0xff tag) is `packing`; a byte copied through keeps the label of
 * the unpacked byte it becomes; zero bytes the packing dropped cost nothing.
 */
export function unpackWithOrigins(packed: Uint8Array): { unpacked: Uint8Array; origin: Int32Array } {
  const out: number[] = [];
  const origin = new Int32Array(packed.length).fill(-1);
  let i = 0;
  const literal = () => {
    if (i >= packed.length) throw new Error("Cap'n Proto packing: a word runs past the end");
    origin[i] = out.length;
    out.push(packed[i++] as number);
  };
  while (i < packed.length) {
    const tag = packed[i++] as number;
    for (let bit = 0; bit < 8; bit++) {
      if (tag & (1 << bit)) literal();
      else out.push(0);
    }
    if (tag === 0x00) {
      const words = packed[i++] ?? 0;
      for (let k = 0; k < words * 8; k++) out.push(0);
    } else if (tag === 0xff) {
      const words = packed[i++] ?? 0;
      for (let k = 0; k < words * 8; k++) literal();
    }
  }
  return { unpacked: Uint8Array.from(out), origin };
}

/** Adds a packed message's bytes: each copied byte with its unpacked label, tags and counts as `packing`. */
export function addPacked(origin: Int32Array, labels: ByteLabels, tally: Tally): void {
  for (const at of origin) {
    if (at < 0) tally.add("", "packing", 1);
    else {
      const l = labels.at(at);
      tally.add(l.path, l.part, 1);
    }
  }
}
