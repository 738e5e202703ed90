import { isMap, isPair, isScalar, isSeq, type Node, parseDocument } from "yaml";
import { ByteLabels } from "./byte-labels.ts";
import type { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";

/**
 * YAML text read back with the `yaml` package, whose nodes carry their source ranges: a key's text
 * goes to `key`, a scalar's text (quotes, block indicators and continuation lines included) to its
 * path, and the rest (indentation, `- `, `: `, line breaks, `{}`/`[]` of empty collections) to
 * `structure`.
 */
export function walkYaml(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const text = Buffer.from(bytes).toString("utf8");
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) throw new Error(`YAML: ${doc.errors[0]?.message}`);
  const labels = new ByteLabels(bytes.length, guide.path, "structure");
  const offsets = byteOffsets(text);
  const mark = (node: { range?: [number, number, number] | null }, path: string, part: "key" | "value") => {
    const range = node.range;
    if (range) labels.mark(offsets[range[0]] as number, offsets[range[1]] as number, path, part);
  };
  const visit = (node: Node | null | undefined, g: PathGuide) => {
    if (!node) return;
    if (isScalar(node)) mark(node, g.path, "value");
    else if (isSeq(node)) for (const item of node.items) visit(item as Node, g.item());
    else if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = pair.key as Node | null;
        const child = g.key(isScalar(key) ? String(key.value) : String(key));
        if (key) mark(key, child.path, "key");
        visit(pair.value as Node | null, child);
      }
    } else throw new Error(`YAML: a ${node.constructor.name} node is not walked`);
  };
  visit(doc.contents as Node | null, guide);
  labels.addTo(tally);
}

/** UTF-8 byte offset of each UTF-16 index of `text` (and of its end). */
function byteOffsets(text: string): number[] {
  const out = new Array<number>(text.length + 1);
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    out[i] = bytes;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      out[i + 1] = bytes;
      bytes += 4;
      i++;
    } else bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  }
  out[text.length] = bytes;
  return out;
}
