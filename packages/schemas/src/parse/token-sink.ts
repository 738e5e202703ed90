import { TokenType } from "@streamparser/json";

export { TokenType };

/** Characters encoded and tokenized at once, so a large input is never copied whole into bytes. */
export const sliceChars = 64 * 1024;

/** What the token stream drives: syntax beyond single tokens, limits, and whatever is built. */
export interface TokenSink {
  /** No token of the current message (the document, or the current NDJSON line) has come yet. */
  readonly atMessageStart: boolean;
  /** The earliest offset an error may still be reported at (a repeated key while its value is read). */
  readonly pinned: number;
  /** A token at a byte offset of the UTF-8 input; a number's value is its source text. */
  token(type: TokenType, value: string | boolean | null, offset: number): void;
  /** Whether a token that begins with this character may stand here (a value, or a key). */
  accepts(first: string): boolean;
  /** What stands at a byte offset may not stand there (`got` says what it is); always throws. */
  unexpected(offset: number, got: string): never;
  /** The input ended (`offset` is its length in bytes). */
  end(offset: number): void;
}

/** An error the token stream reports as `${head} at line L, column C${tail}`. */
export class JsonErrorAt extends Error {
  constructor(
    readonly head: string,
    readonly offset: number,
    readonly tail = "",
  ) {
    super(head + tail);
  }
}

export const reachedEnd = "but reached end of input";

export interface TokenStreamOptions {
  ndjson: boolean;
  maxInputChars: number;
}
