/**
 * A classic hex view of encoded bytes (offset, hex bytes, printable ASCII), so the run page can
 * show what each format actually puts on the wire. Pure, so it is tested without a browser.
 */

export interface HexRow {
  /** Offset of the row's first byte, as eight hex digits. */
  offset: string;
  /** Each byte as two hex digits, padded with blanks to a full row so the ASCII column lines up. */
  hex: string;
  /** Printable ASCII as itself, anything else as "." (as hexdump -C shows it). */
  ascii: string;
}

/** Bytes from base64 with the browser's own decoder (no Buffer on the client). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const printable = (b: number) => b >= 0x20 && b < 0x7f;

export function hexRows(bytes: Uint8Array, perRow = 16): HexRow[] {
  const rows: HexRow[] = [];
  for (let start = 0; start < bytes.length; start += perRow) {
    const slice = bytes.subarray(start, start + perRow);
    const cells = Array.from({ length: perRow }, (_, i) =>
      i < slice.length ? slice[i]!.toString(16).padStart(2, "0") : "  ",
    );
    rows.push({
      offset: start.toString(16).padStart(8, "0"),
      hex: cells.join(" "),
      ascii: Array.from(slice, (b) => (printable(b) ? String.fromCharCode(b) : ".")).join(""),
    });
  }
  return rows;
}

/** The whole view as text, one row per line: what the page renders inside a <pre>. */
export function hexDump(bytes: Uint8Array, perRow = 16): string {
  return hexRows(bytes, perRow)
    .map((r) => `${r.offset}  ${r.hex}  ${r.ascii}`)
    .join("\n");
}
