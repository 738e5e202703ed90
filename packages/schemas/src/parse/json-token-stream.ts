import { Tokenizer, TokenizerError, TokenType } from "@streamparser/json";
import { JsonInputError } from "./parse-json-lossless.ts";

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

class RawNumberTokenizer extends Tokenizer {
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

/** Where one written piece of text starts, so a byte offset in it maps back to line and column. */
interface Checkpoint {
  text: string;
  byte: number;
  char: number;
  line: number;
  lineStart: number;
}

const primer = "0 ";

const utf8Length = (s: string): number => Buffer.byteLength(s, "utf8");

/**
 * Feeds text to @streamparser/json's tokenizer piece by piece and turns every failure into a
 * JsonInputError naming line and column, as parseJsonSource does for a whole text.
 *
 * The tokenizer counts UTF-8 bytes; positions are reported in UTF-16 characters like lineColumn, so
 * the pieces since the last token are kept to map a byte offset back. A raw lone surrogate in a
 * string reaches the tokenizer as U+FFFD (UTF-8 cannot carry it); text read from a file never has one.
 *
 * JSON knows four whitespace characters, String.prototype.trim many more: the whole-text parser
 * calls a text (or NDJSON line) of only the latter empty, so the tokenizer's complaint about one is
 * held back until the rest of that text or line shows whether it was blank.
 */
export class JsonTokenFeeder {
  private tokenizer!: RawNumberTokenizer;
  private base = 0;
  private bytes = 0;
  private chars = 0;
  private line = 1;
  private lineStart = 0;
  private checkpoints: Checkpoint[] = [];
  private lastToken = 0;
  private heldHighSurrogate = "";
  private blankError: JsonInputError | null = null;
  private overlongLine: { line: number; length: number } | null = null;
  private readonly encoder = new TextEncoder();
  private readonly encoded = new Uint8Array(sliceChars * 3);

  constructor(
    private readonly sink: TokenSink,
    private readonly opts: TokenStreamOptions,
  ) {
    this.restart();
  }

  write(text: string): void {
    text = this.heldHighSurrogate + text;
    this.heldHighSurrogate = "";
    if (isHighSurrogate(text.charCodeAt(text.length - 1))) {
      // Its low half may start the next chunk; encoded alone it would become U+FFFD.
      this.heldHighSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    for (let i = 0; i < text.length; ) {
      let end = Math.min(i + sliceChars, text.length);
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
      this.piece(text.slice(i, end));
      i = end;
    }
  }

  end(): void {
    if (this.heldHighSurrogate) this.piece(this.heldHighSurrogate);
    if (this.overlongLine) this.refuseOverlongLine();
    if (this.blankError && !this.opts.ndjson) throw new JsonInputError("input is empty");
    try {
      this.tokenizer.end();
    } catch (err) {
      this.fail(err, true);
    }
    try {
      this.sink.end(this.bytes);
    } catch (err) {
      this.fail(err, true);
    }
  }

  /** A fresh tokenizer from the current position on (at the start, or after a blank NDJSON line). */
  private restart(): void {
    const tokenizer = new RawNumberTokenizer({
      stringBufferSize: 64 * 1024,
      numberBufferSize: 64,
      ...(this.opts.ndjson ? { separator: "\n" } : {}),
    });
    // Until its first string, number or literal the tokenizer skips a byte-order mark wherever one
    // comes (` \uFEFF{}`, `{\uFEFF"a":1}`); parseJsonSource refuses it, so a number it never reports
    // gets it past that state.
    tokenizer.onToken = () => {};
    tokenizer.write(primer);
    tokenizer.onToken = ({ token, value, offset }) => {
      const at = this.base + offset;
      this.lastToken = at;
      const text = token === TokenType.NUMBER ? tokenizer.numberText : value;
      if (typeof text !== "string" && typeof text !== "boolean" && text !== null)
        throw new Error(`the tokenizer passed a ${typeof text} as a token's value`);
      this.sink.token(token, text, at);
    };
    this.base = this.bytes - primer.length;
    this.tokenizer = tokenizer;
  }

  private piece(text: string): void {
    if (this.blankError) this.skipBlank(text);
    else if (this.overlongLine) this.measureOverlongLine(text);
    else this.tokenize(text);
  }

  private tokenize(text: string): void {
    const fits = this.checkLength(text);
    const fed = fits < text.length ? text.slice(0, fits) : text;
    if (fed) {
      const checkpoint: Checkpoint = {
        text: fed,
        byte: this.bytes,
        char: this.chars,
        line: this.line,
        lineStart: this.lineStart,
      };
      this.checkpoints.push(checkpoint);
      const { written } = this.encoder.encodeInto(fed, this.encoded);
      try {
        this.tokenizer.write(this.encoded.subarray(0, written));
      } catch (err) {
        const rest = this.fail(err, false);
        // Only a held-back blank-text complaint returns: the rest of this piece decides it.
        const consumed = fed.length - rest.length;
        this.advance(fed.slice(0, consumed));
        this.skipBlank(rest + text.slice(fed.length));
        return;
      }
      this.advance(fed, written);
      const keep = Math.min(this.lastToken, this.sink.pinned);
      while (this.checkpoints.length > 1 && this.checkpoints[1]!.byte <= keep) this.checkpoints.shift();
    }
    if (fed.length < text.length) this.measureOverlongLine(text.slice(fed.length));
  }

  /** Moves the position past text that was consumed. */
  private advance(text: string, bytes = utf8Length(text)): void {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) {
      this.line++;
      this.lineStart = this.chars + i + 1;
    }
    this.bytes += bytes;
    this.chars += text.length;
  }

  /**
   * maxInputChars bounds the whole text, or each NDJSON line as parseJsonSource sees one line.
   * Returns how much of `text` may be tokenized before a line runs over the limit.
   */
  private checkLength(text: string): number {
    const max = this.opts.maxInputChars;
    if (!this.opts.ndjson) {
      if (this.chars + text.length > max)
        throw new JsonInputError(`input is longer than ${max} characters (limit maxInputChars)`);
      return text.length;
    }
    let lineStart = this.lineStart - this.chars;
    let line = this.line;
    for (let nl = text.indexOf("\n"); ; nl = text.indexOf("\n", nl + 1)) {
      const end = nl < 0 ? text.length : nl;
      if (end - lineStart > max) {
        this.overlongLine = { line, length: 0 };
        return Math.max(lineStart, 0);
      }
      if (nl < 0) return text.length;
      lineStart = nl + 1;
      line++;
    }
  }

  /** Counts the rest of a line that is over the limit, to name its length as parseJsonSource does. */
  private measureOverlongLine(text: string): void {
    const over = this.overlongLine!;
    const lineChars = this.chars - this.lineStart;
    const nl = text.indexOf("\n");
    this.advance(nl < 0 ? text : text.slice(0, nl));
    over.length = lineChars + (nl < 0 ? text.length : nl);
    if (nl >= 0) this.refuseOverlongLine();
  }

  private refuseOverlongLine(): never {
    const { line, length } = this.overlongLine!;
    const max = this.opts.maxInputChars;
    throw new JsonInputError(
      `line ${line}: input is ${length} characters; the limit is ${max} (limit maxInputChars)`,
      line,
    );
  }

  /** After a complaint about non-JSON whitespace: blank to the end (or line end) means no complaint. */
  private skipBlank(text: string): void {
    const error = this.blankError!;
    const nl = this.opts.ndjson ? text.indexOf("\n") : -1;
    if ((nl < 0 ? text : text.slice(0, nl)).trim() !== "") throw error;
    if (nl < 0) {
      this.advance(text);
      return;
    }
    this.advance(text.slice(0, nl + 1));
    this.blankError = null;
    this.restart();
    this.piece(text.slice(nl + 1));
  }

  /**
   * Throws the JsonInputError for a failure at a byte offset, or holds back a complaint about
   * non-JSON whitespace at a message's start and returns the text after that character.
   */
  private fail(err: unknown, atEnd: boolean): string {
    if (err instanceof JsonErrorAt) throw this.located(err);
    if (!(err instanceof TokenizerError)) throw err;
    const state = /state:? (\w+)/.exec(err.message)?.[1] ?? "";
    const at = atEnd ? this.bytes : this.base + Number(/absolute position "(\d+)"/.exec(err.message)?.[1]);
    const { char, index, checkpoint } = this.position(at);
    const got = atEnd || (this.opts.ndjson && char === "\n") ? reachedEnd : `but got '${char}'`;
    const invalid = (offset: number, message: string): never => {
      throw this.located(new JsonErrorAt("invalid JSON", offset, `: ${message}`));
    };
    const inToken = /^(STRING|NUMBER|TRUE|FALSE|NULL)/.exec(state)?.[1];
    if (inToken) {
      const start = this.base + this.tokenizer.tokenStart();
      const first = inToken === "STRING" ? '"' : this.source(start, 1);
      // lossless-json reads a token only where one may stand, so a broken token where none may is
      // the token that should not be there, reported where it begins; so is an unfinished `true`.
      if (!this.sink.accepts(first) || /[tfn]/.test(first))
        return this.unexpected(start, `but got '${first}'`);
      if (inToken === "NUMBER")
        // JSON numbers are ASCII: as many characters as bytes.
        return invalid(at, `Invalid number '${this.source(start, at - start)}', expecting a digit ${got}`);
      if (got === reachedEnd) return invalid(at, `End of string '"' expected ${reachedEnd}`);
      if (state === "STRING_AFTER_BACKSLASH") return invalid(at - 1, `Invalid escape character '\\${char}'`);
      const digit = /^STRING_UNICODE_DIGIT_(\d)$/.exec(state);
      if (!digit) return invalid(at, `Invalid character '${char}'`);
      const backslash = at - 1 - Number(digit[1]);
      return invalid(backslash, `Invalid unicode character '${this.source(backslash, 6)}'`);
    }
    if (char !== undefined && char.trim() === "" && this.sink.atMessageStart) {
      try {
        this.unexpected(at, got);
      } catch (held) {
        this.blankError = held as JsonInputError;
      }
      return checkpoint.text.slice(index + 1);
    }
    return this.unexpected(at, got);
  }

  private unexpected(offset: number, got: string): never {
    try {
      return this.sink.unexpected(offset, got);
    } catch (err) {
      if (err instanceof JsonErrorAt) throw this.located(err);
      throw err;
    }
  }

  private located(err: JsonErrorAt): JsonInputError {
    const { line, column } = this.position(err.offset);
    const message = this.opts.ndjson
      ? `line ${line}: ${err.head} at column ${column}${err.tail}`
      : `${err.head} at line ${line}, column ${column}${err.tail}`;
    return new JsonInputError(message, line, column);
  }

  /** Up to `length` characters of the written text from a byte offset on. */
  private source(offset: number, length: number): string {
    const { k, index } = this.position(offset);
    let text = this.checkpoints[k]?.text.slice(index) ?? "";
    for (let j = k + 1; j < this.checkpoints.length && text.length < length; j++)
      text += this.checkpoints[j]!.text;
    return text.slice(0, length);
  }

  /** Line, column and character at a byte offset of the text written since the last token. */
  private position(offset: number): {
    line: number;
    column: number;
    char: string | undefined;
    index: number;
    k: number;
    checkpoint: Checkpoint;
  } {
    let k = this.checkpoints.length - 1;
    while (k > 0 && this.checkpoints[k]!.byte > offset) k--;
    const checkpoint = this.checkpoints[k] ?? {
      text: "",
      byte: this.bytes,
      char: this.chars,
      line: this.line,
      lineStart: this.lineStart,
    };
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
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
