/**
 * Minified JSON that keeps the sample's own spelling: only whitespace between tokens goes, so
 * `1.0`, `1e3`, `505874924095815681`, `"\u00e9"` and `"\/"` stay as written (JSON.stringify of
 * JSON.parse would respell all of them). The text must already have been parsed (validated): this
 * only tracks strings and nesting, it does not check syntax.
 */
export function minifyJson(text: string): string {
  return minifiedMessages(text, false)[0] ?? "";
}

/**
 * The minified text of the document (`items` false), or of each item of its top-level array
 * (`items` true, the document must be an array): one text per message, same order as the parser's.
 */
export function minifiedMessages(text: string, items: boolean): string[] {
  const out: string[] = [];
  let current = "";
  // Copy runs of non-whitespace at once; per-character concatenation is slow on megabyte samples.
  let runStart = -1;
  let depth = 0;
  let inString = false;
  const flush = (end: number) => {
    if (runStart >= 0) current += text.slice(runStart, end);
    runStart = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    const ws = c === 32 || c === 9 || c === 10 || c === 13;
    const boundary = items && depth === 1 && (c === 44 || c === 93);
    const opening = items && depth === 0 && c === 91;
    if (ws || boundary || opening) {
      flush(i);
      if (boundary && current !== "") out.push(current);
      if (boundary) current = "";
    } else if (runStart < 0) runStart = i;
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  flush(text.length);
  if (!items) out.push(current);
  return out;
}
