import { JsonInputError } from "./parse-json-lossless.ts";
import type { JsonErrorAt } from "./token-sink.ts";

/** Where one written piece of text starts, so a byte offset in it maps back to line and column. */
export interface Checkpoint {
  text: string;
  byte: number;
  char: number;
  line: number;
  lineStart: number;
}

export interface Position {
  line: number;
  column: number;
  char: string | undefined;
  index: number;
  /** The checkpoint the offset falls in (its index, and itself). */
  k: number;
  checkpoint: Checkpoint;
}

/**
 * Line, column and character at a byte offset of the text written since the last token, counting
 * UTF-8 bytes back from the checkpoint the offset falls in; `current` stands for text not yet written.
 */
export function positionOf(checkpoints: Checkpoint[], current: Checkpoint, offset: number): Position {
  let k = checkpoints.length - 1;
  while (k > 0 && checkpoints[k]!.byte > offset) k--;
  const checkpoint = checkpoints[k] ?? current;
  const { text } = checkpoint;
  let i = 0;
  for (let b = checkpoint.byte; i < text.length && b < offset; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) b += 1;
    else if (c < 0x800) b += 2;
    else if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      b += 4;
      i++;
    } else b += 3;
  }
  let { line, lineStart } = checkpoint;
  for (let j = text.indexOf("\n"); j >= 0 && j < i; j = text.indexOf("\n", j + 1)) {
    line++;
    lineStart = checkpoint.char + j + 1;
  }
  return { line, column: checkpoint.char + i - lineStart + 1, char: text[i], index: i, k, checkpoint };
}

/** Up to `length` characters of the written text from a byte offset on. */
export function sourceAt(
  checkpoints: Checkpoint[],
  current: Checkpoint,
  offset: number,
  length: number,
): string {
  const { k, index } = positionOf(checkpoints, current, offset);
  let text = checkpoints[k]?.text.slice(index) ?? "";
  for (let j = k + 1; j < checkpoints.length && text.length < length; j++) text += checkpoints[j]!.text;
  return text.slice(0, length);
}

export const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** A JsonErrorAt as the JsonInputError users see, naming line and column (NDJSON: the line first). */
export function locatedError(err: JsonErrorAt, { line, column }: Position, ndjson: boolean): JsonInputError {
  const message = ndjson
    ? `line ${line}: ${err.head} at column ${column}${err.tail}`
    : `${err.head} at line ${line}, column ${column}${err.tail}`;
  return new JsonInputError(message, line, column);
}

/** `text` in pieces of at most `size` characters, never splitting a surrogate pair. */
export function* slices(text: string, size: number): Generator<string> {
  for (let i = 0; i < text.length; ) {
    let end = Math.min(i + size, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    yield text.slice(i, end);
    i = end;
  }
}
