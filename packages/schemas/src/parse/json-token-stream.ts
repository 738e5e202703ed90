import { TokenizerError } from "@streamparser/json";
import { brokenToken } from "./broken-token.ts";
import { JsonInputError } from "./parse-json-lossless.ts";
import {
  overlongLineError,
  overlongLineIn,
  primedTokenizer,
  primer,
  type RawNumberTokenizer,
} from "./raw-number-tokenizer.ts";
import {
  type Checkpoint,
  isHighSurrogate,
  locatedError,
  type Position,
  positionOf,
  slices,
  sourceAt,
} from "./source-positions.ts";
import {
  JsonErrorAt,
  reachedEnd,
  sliceChars,
  type TokenSink,
  type TokenStreamOptions,
} from "./token-sink.ts";

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
    for (const piece of slices(text, sliceChars)) this.piece(piece);
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
    const tokenizer = primedTokenizer(this.opts.ndjson, (token, value, offset) => {
      const at = this.base + offset;
      this.lastToken = at;
      this.sink.token(token, value, at);
    });
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
      const checkpoint: Checkpoint = { ...this.current(), text: fed };
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
  private advance(text: string, bytes = Buffer.byteLength(text, "utf8")): void {
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
    const over = overlongLineIn(text, this.lineStart - this.chars, this.line, max);
    if (!over) return text.length;
    this.overlongLine = { line: over.line, length: 0 };
    return over.fits;
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
    throw overlongLineError(this.overlongLine!, this.opts.maxInputChars);
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
      const [offset, message] = brokenToken(state, at, char, got, start, (o, n) => this.source(o, n));
      return invalid(offset, message);
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
    return locatedError(err, this.position(err.offset), this.opts.ndjson);
  }

  /** Up to `length` characters of the written text from a byte offset on. */
  private source(offset: number, length: number): string {
    return sourceAt(this.checkpoints, this.current(), offset, length);
  }

  /** Line, column and character at a byte offset of the text written since the last token. */
  private position(offset: number): Position {
    return positionOf(this.checkpoints, this.current(), offset);
  }

  /** Where the text not yet written starts: the position of an offset past every checkpoint. */
  private current(): Checkpoint {
    return { text: "", byte: this.bytes, char: this.chars, line: this.line, lineStart: this.lineStart };
  }
}
