import { reachedEnd } from "./token-sink.ts";

/**
 * Where and how lossless-json words a failure inside a number or string token, from the tokenizer's
 * state there: the byte offset to report and the message after "invalid JSON: ". `at` is where the
 * tokenizer stopped, `start` where the token began, `char` the character at `at` and `got` how the
 * message names it; `source` reads the written text at a byte offset.
 */
export function brokenToken(
  state: string,
  at: number,
  char: string | undefined,
  got: string,
  start: number,
  source: (offset: number, length: number) => string,
): [number, string] {
  if (state.startsWith("NUMBER"))
    // JSON numbers are ASCII: as many characters as bytes.
    return [at, `Invalid number '${source(start, at - start)}', expecting a digit ${got}`];
  if (got === reachedEnd) return [at, `End of string '"' expected ${reachedEnd}`];
  if (state === "STRING_AFTER_BACKSLASH") return [at - 1, `Invalid escape character '\\${char}'`];
  const digit = /^STRING_UNICODE_DIGIT_(\d)$/.exec(state);
  if (!digit) return [at, `Invalid character '${char}'`];
  const backslash = at - 1 - Number(digit[1]);
  return [backslash, `Invalid unicode character '${source(backslash, 6)}'`];
}
