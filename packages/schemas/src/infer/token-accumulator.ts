import {
  depthLimit,
  keysLimit,
  type LimitWords,
  type ParseLimits,
  totalKeysLimit,
  totalObjectsLimit,
} from "../parse/limits.ts";
import { JsonInputError, parseNumber } from "../parse/parse-json-lossless.ts";
import { JsonErrorAt, reachedEnd, type TokenSink, TokenType } from "../parse/token-sink.ts";
import { type Acc, countArray, countObject, countScalar, newAcc, type Scalar } from "./accumulate.ts";
import {
  closeMember,
  colon,
  commaOrEndOfArray,
  commaOrEndOfObject,
  describe,
  expectedWords,
  type Frame,
  firstChars,
  indicesFirst,
  item,
  itemOrEnd,
  key,
  keyOrEnd,
  memberValue,
  newFrame,
  openMember,
} from "./token-frames.ts";
import { fingerprintObject, fingerprintScalar } from "./value-fingerprint.ts";

/**
 * The one implementation of the inference's reading of a sample: JSON tokens in, the merged Acc
 * summary out, with no value tree in between. It also does what the token stream cannot: the
 * grammar (messages and positions as lossless-json words them), maxDepth and maxKeys as
 * checkJsonShape words them, repeated keys as lossless-json treats them, and the dataset rules: a
 * top-level array of objects is the messages, NDJSON has one message per non-blank line.
 *
 * Dataset errors wait for the end of the input, so a syntax error anywhere is reported first, as
 * when the whole text is parsed before it is looked at.
 */
export class TokenAccumulator implements TokenSink {
  readonly root = newAcc();
  private readonly stack: Frame[] = [];
  private readonly depth: ReturnType<typeof depthLimit>;
  private readonly keys: LimitWords;
  private readonly totalKeys: LimitWords;
  private keyCount = 0;
  private readonly totalObjects: LimitWords;
  private objectCount = 0;
  private messages = 0;
  private tokens = 0;
  private topDone = false;
  private messageStart = true;
  private datasetError: string | null = null;
  private topArrayItems = -1;

  constructor(
    private readonly limits: ParseLimits,
    private readonly ndjson: boolean,
  ) {
    this.depth = depthLimit(limits.maxDepth);
    this.keys = keysLimit(limits.maxKeys);
    this.totalKeys = totalKeysLimit(limits.maxTotalKeys);
    this.totalObjects = totalObjectsLimit(limits.maxTotalObjects);
  }

  get atMessageStart(): boolean {
    return this.messageStart;
  }

  get pinned(): number {
    let at = Number.POSITIVE_INFINITY;
    for (const f of this.stack) if (f.repeated) at = Math.min(at, f.repeated.offset);
    return at;
  }

  token(type: TokenType, value: string | boolean | null, offset: number): void {
    this.tokens++;
    if (type === TokenType.SEPARATOR) {
      this.lineEnd(offset);
      return;
    }
    this.messageStart = false;
    const frame = this.stack.at(-1);
    if (!frame) {
      if (this.topDone) this.unexpectedToken(type, value, offset);
      this.topValue(type, value, offset);
    } else if (!this.structural(frame, type, value, offset)) {
      if (frame.expect === memberValue) this.value(frame.target, type, value, offset);
      else if (frame.expect === item || frame.expect === itemOrEnd)
        this.value(this.itemTarget(frame, type), type, value, offset);
      else this.unexpectedToken(type, value, offset);
    }
  }

  /** Keys, colons, commas and closing brackets; false for what may only be a value. */
  private structural(frame: Frame, type: TokenType, value: string | boolean | null, offset: number): boolean {
    const e = frame.expect;
    if (type === TokenType.STRING && (e === keyOrEnd || e === key))
      openMember(frame, value as string, offset);
    else if (type === TokenType.RIGHT_BRACE && (e === keyOrEnd || e === commaOrEndOfObject))
      this.closeObject(frame);
    else if (type === TokenType.RIGHT_BRACKET && (e === itemOrEnd || e === commaOrEndOfArray))
      this.closeArray(frame);
    else if (type === TokenType.COMMA && (e === commaOrEndOfObject || e === commaOrEndOfArray))
      frame.expect = e === commaOrEndOfObject ? key : item;
    else if (type === TokenType.COLON && e === colon) {
      if (++frame.colons > this.limits.maxKeys) throw new JsonErrorAt(this.keys.head, offset, this.keys.tail);
      if (++this.keyCount > this.limits.maxTotalKeys)
        throw new JsonErrorAt(this.totalKeys.head, offset, this.totalKeys.tail);
      frame.expect = memberValue;
    } else return false;
    return true;
  }

  accepts(first: string): boolean {
    const frame = this.stack.at(-1);
    if (!frame) return !this.topDone;
    const e = frame.expect;
    return (
      e === memberValue || e === itemOrEnd || e === item || (first === '"' && (e === keyOrEnd || e === key))
    );
  }

  unexpected(offset: number, got: string): never {
    throw new JsonErrorAt("invalid JSON", offset, `: ${this.expected(got)}`);
  }

  end(offset: number): void {
    if (this.stack.length > 0) this.unexpected(offset, reachedEnd);
    if (this.ndjson) {
      if (this.messages === 0) throw new JsonInputError("NDJSON input has no records");
      return;
    }
    if (this.tokens === 0) throw new JsonInputError("input is empty");
    if (this.topArrayItems === 0)
      throw new JsonInputError("the top-level array is empty: give at least one record");
    if (this.datasetError) throw new JsonInputError(this.datasetError);
  }

  private topValue(type: TokenType, value: string | boolean | null, offset: number): void {
    if (this.ndjson) {
      this.value(this.root, type, value, offset);
      return;
    }
    if (type === TokenType.LEFT_BRACKET) {
      // The messages: each item is counted at the root, not as an item of an array.
      this.push(offset, false, this.root, this.root);
      this.topArrayItems = 0;
      return;
    }
    if (type !== TokenType.LEFT_BRACE) {
      this.datasetError = `the top-level value is ${describe(type)}; give an object, an array of objects, or NDJSON records`;
    }
    this.value(this.root, type, value, offset);
  }

  /** Where an array item is counted; items of the top-level array must be objects. */
  private itemTarget(frame: Frame, type: TokenType): Acc {
    if (this.stack.length > 1 || this.topArrayItems < 0) return frame.target;
    const index = this.topArrayItems++;
    if (type === TokenType.LEFT_BRACE) return this.root;
    this.datasetError ??= `item ${index} of the top-level array is ${describe(type)}; a dataset is an array of objects`;
    return newAcc();
  }

  private value(target: Acc, type: TokenType, value: string | boolean | null, offset: number): void {
    if (type === TokenType.LEFT_BRACE) {
      countObject(target);
      this.push(offset, true, target, target);
    } else if (type === TokenType.LEFT_BRACKET) {
      this.push(offset, false, target, countArray(target));
    } else if (
      type === TokenType.STRING ||
      type === TokenType.NUMBER ||
      type === TokenType.TRUE ||
      type === TokenType.FALSE ||
      type === TokenType.NULL
    ) {
      const v: Scalar = type === TokenType.NUMBER ? parseNumber(value as string) : value;
      countScalar(target, v);
      this.completed(fingerprintScalar(v));
    } else this.unexpectedToken(type, value, offset);
  }

  private push(offset: number, isObject: boolean, acc: Acc, target: Acc): void {
    if (this.stack.length >= this.depth.maxDepth)
      throw new JsonErrorAt(this.depth.head, offset, this.depth.tail);
    if (isObject && ++this.objectCount > this.limits.maxTotalObjects)
      throw new JsonErrorAt(this.totalObjects.head, offset, this.totalObjects.tail);
    this.stack.push(newFrame(isObject, acc, target));
  }

  /** A value ended: it becomes a member of the enclosing object or array, or a message. */
  private completed(fingerprint: number): void {
    const frame = this.stack.at(-1);
    if (!frame) {
      this.topDone = true;
      this.messages++;
      return;
    }
    closeMember(frame, fingerprint);
  }

  /**
   * A key's position is its index in the parsed object's key order, which is JavaScript's: keys
   * that are array indices first, in numeric order, then the rest in the order written.
   */
  private closeObject(frame: Frame): void {
    this.stack.pop();
    let position = 0;
    for (const m of frame.hasIndexKeys ? indicesFirst(frame.members) : frame.members.values())
      m.slot.minPosition = Math.min(m.slot.minPosition, position++);
    this.completed(fingerprintObject(frame.sum));
  }

  private closeArray(frame: Frame): void {
    this.stack.pop();
    this.completed(fingerprintObject(frame.sum));
  }

  private lineEnd(offset: number): void {
    if (this.stack.length > 0) this.unexpected(offset, reachedEnd);
    this.topDone = false;
    this.messageStart = true;
  }

  private unexpectedToken(type: TokenType, value: string | boolean | null, offset: number): never {
    const first = type === TokenType.NUMBER ? (value as string)[0] : firstChars[type];
    return this.unexpected(offset, `but got '${first}'`);
  }

  /** What was expected where something else came, in lossless-json's words. */
  private expected(got: string): string {
    return expectedWords(this.stack.at(-1), this.topDone, got);
  }
}
