import type { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;

/**
 * XML as the adapter writes it (elements only, no attributes or whitespace): an element's opening
 * and closing tags go to `key` (XML writes each name twice), the text between them to the field's
 * path, the `<root>` element wrapping each message to `framing`. A list is repeated elements.
 */
export function walkXml(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const stack: PathGuide[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    if (bytes[pos] !== LT) {
      const start = pos;
      while (pos < bytes.length && bytes[pos] !== LT) pos++;
      tally.add((stack.at(-1) ?? guide).path, stack.length === 0 ? "framing" : "value", pos - start);
      continue;
    }
    const start = pos;
    while (pos < bytes.length && bytes[pos] !== GT) pos++;
    if (pos >= bytes.length) throw new Error(`XML: unterminated tag at ${start}`);
    pos++;
    const closing = bytes[start + 1] === SLASH;
    const empty = bytes[pos - 2] === SLASH;
    const nameBytes = bytes.subarray(start + (closing ? 2 : 1), pos - (empty ? 2 : 1));
    const name = Buffer.from(nameBytes).toString("utf8");
    if (closing) {
      const open = stack.pop();
      if (!open) throw new Error(`XML: </${name}> at ${start} closes nothing`);
      tally.add(open.path, stack.length === 0 ? "framing" : "key", pos - start);
      continue;
    }
    const parent = stack.at(-1);
    // The outermost element wraps the message; its children are the message's fields.
    const child = parent ? parent.key(name).element() : guide;
    tally.add(child.path, parent ? "key" : "framing", pos - start);
    if (!empty) stack.push(child);
  }
  if (stack.length > 0) throw new Error("XML: unclosed elements at the end");
}
