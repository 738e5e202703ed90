import { Tokenizer, TokenType } from "@streamparser/json";
import { JsonInputError } from "./parse-json-lossless.ts";

export class RawNumberTokenizer extends Tokenizer {
  /** The source text of the number token just read; its value is passed on as this text. */
  numberText = "";
  // Integer or float, and the exact value beyond 2^53, are decided from the source text, so the number
  // the tokenizer would hand on is not made; the text is taken from numberText in onToken instead.
  protected override parseNumber(text: string): number {
    this.numberText = text;
    return Number.NaN;
  }

  /**
   * Where the token being read began: the tokenizer keeps it in a field it does not publish (the
   * lockfile pins the version this was checked on), so it is read and checked, not assumed.
   */
  tokenStart(): number {
    const offset: unknown = Reflect.get(this, "offset");
    if (typeof offset !== "number") throw new Error("@streamparser/json no longer keeps a token's offset");
    return offset;
  }
}

/** Written before the input (see primedTokenizer); offsets after it are shifted back by its length. */
export const primer = "0 ";

/**
 * A tokenizer that passes every token on with a number's value as its source text (NDJSON: records
 * separated by newlines). Until its first string, number or literal the tokenizer skips a byte-order
 * mark wherever one comes (` \uFEFF{}`, `{\uFEFF"a":1}`); parseJsonSource refuses it, so a number it
 * never reports (the primer) gets it past that state.
 */
export function primedTokenizer(
  ndjson: boolean,
  onToken: (token: TokenType, value: string | boolean | null, offset: number) => void,
): RawNumberTokenizer {
  const tokenizer = new RawNumberTokenizer({
    stringBufferSize: 64 * 1024,
    numberBufferSize: 64,
    ...(ndjson ? { separator: "\n" } : {}),
  });
  tokenizer.onToken = () => {};
  tokenizer.write(primer);
  tokenizer.onToken = ({ token, value, offset }) => {
    const text = token === TokenType.NUMBER ? tokenizer.numberText : value;
    if (typeof text !== "string" && typeof text !== "boolean" && text !== null)
      throw new Error(`the tokenizer passed a ${typeof text} as a token's value`);
    onToken(token, text, offset);
  };
  return tokenizer;
}

/**
 * The first NDJSON line in `text` longer than `max` characters, or null: its line number, and how
 * many characters of `text` come before it (`lineStart` is where the current line began, relative to
 * the text: zero or negative).
 */
export function overlongLineIn(
  text: string,
  lineStart: number,
  line: number,
  max: number,
): { line: number; fits: number } | null {
  for (let nl = text.indexOf("\n"); ; nl = text.indexOf("\n", nl + 1)) {
    const end = nl < 0 ? text.length : nl;
    if (end - lineStart > max) return { line, fits: Math.max(lineStart, 0) };
    if (nl < 0) return null;
    lineStart = nl + 1;
    line++;
  }
}

/** The refusal of an NDJSON line longer than maxInputChars. */
export function overlongLineError(over: { line: number; length: number }, max: number): JsonInputError {
  return new JsonInputError(
    `line ${over.line}: input is ${over.length} characters; the limit is ${max} (limit maxInputChars)`,
    over.line,
  );
}
