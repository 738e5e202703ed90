import { createHash } from "node:crypto";

/**
 * The byte identity of a format's output (FormatResult `digest`): SHA-256 (hex) of every encoded
 * message, each prefixed by its length as 4 bytes big-endian, so [ab, c] and [a, bc] differ. Equal
 * digests mean byte-identical output; runtimes compare theirs without shipping the bytes.
 */
export function digestOf(encoded: Uint8Array[]): string {
  const hash = createHash("sha256");
  const length = Buffer.alloc(4);
  for (const message of encoded) {
    length.writeUInt32BE(message.byteLength);
    hash.update(length);
    hash.update(message);
  }
  return hash.digest("hex");
}
