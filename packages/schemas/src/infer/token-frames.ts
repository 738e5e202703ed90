import { JsonErrorAt, reachedEnd, TokenType } from "../parse/token-sink.ts";
import { type Acc, countKey, type KeySlot, newAcc } from "./accumulate.ts";
import { addMember, fingerprintMember, fingerprintString, indexKey } from "./value-fingerprint.ts";

/** The TokenAccumulator's stack of open objects and arrays, and how it words what it expected. */
// What a frame expects next.
export const keyOrEnd = 0;
export const key = 1;
export const colon = 2;
export const memberValue = 3;
export const commaOrEndOfObject = 4;
export const itemOrEnd = 5;
export const item = 6;
export const commaOrEndOfArray = 7;

export interface Member {
  slot: KeySlot;
  keyFingerprint: number;
  /** The value's fingerprint, once read. */
  value: number;
}

/** One open object or array. */
export interface Frame {
  isObject: boolean;
  expect: number;
  /** Where the next value is counted: the key's position, the items' position, or a scratch one. */
  target: Acc;
  /** The objects' position, whose keys the members count in. */
  acc: Acc;
  members: Map<string, Member>;
  member: Member | null;
  /** A key seen before in this object, whose value must equal the first (see value-fingerprint.ts). */
  repeated: { key: string; offset: number; first: number } | null;
  hasIndexKeys: boolean;
  colons: number;
  items: number;
  /** Sum of the member fingerprints so far. */
  sum: number;
}

const arrayIndexRe = /^(0|[1-9]\d*)$/;
export const isArrayIndex = (k: string) => arrayIndexRe.test(k) && Number(k) < 2 ** 32 - 1;

/** A parsed object's key order (JavaScript's): array-index keys first, in numeric order. */
export function indicesFirst(members: Map<string, Member>): Member[] {
  const indices = [...members.keys()].filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  const rest = [...members].filter(([k]) => !isArrayIndex(k));
  return [...indices.map((k) => members.get(k)!), ...rest.map(([, m]) => m)];
}

export function describe(type: TokenType): string {
  if (type === TokenType.NULL) return "null";
  if (type === TokenType.TRUE || type === TokenType.FALSE) return "a boolean";
  if (type === TokenType.NUMBER) return "a number";
  if (type === TokenType.STRING) return "a string";
  return type === TokenType.LEFT_BRACKET ? "an array" : "an object";
}

export const firstChars: Partial<Record<TokenType, string>> = {
  [TokenType.LEFT_BRACE]: "{",
  [TokenType.RIGHT_BRACE]: "}",
  [TokenType.LEFT_BRACKET]: "[",
  [TokenType.RIGHT_BRACKET]: "]",
  [TokenType.COLON]: ":",
  [TokenType.COMMA]: ",",
  [TokenType.TRUE]: "t",
  [TokenType.FALSE]: "f",
  [TokenType.NULL]: "n",
  [TokenType.STRING]: '"',
};

/** What was expected where something else came, in lossless-json's words. */
export function expectedWords(frame: Frame | undefined, topDone: boolean, got: string): string {
  if (!frame) return topDone ? `Expected end of input ${got}` : `JSON value expected ${got}`;
  const atEnd = got === reachedEnd;
  switch (frame.expect) {
    case keyOrEnd:
      return atEnd
        ? `Quoted object key or end of object '}' expected ${got}`
        : `Quoted object key expected ${got}`;
    case key:
      return `Quoted object key expected ${got}`;
    case colon:
      return `Colon ':' expected after property name ${got}`;
    case memberValue:
      return "Object value expected after ':'";
    case commaOrEndOfObject:
      return atEnd
        ? `Quoted object key or end of object '}' expected ${got}`
        : `Comma ',' expected after value ${got}`;
    case itemOrEnd:
    case commaOrEndOfArray:
      if (atEnd) return `Array item or end of array ']' expected ${got}`;
      return frame.expect === itemOrEnd
        ? `Array item expected ${got}`
        : `Comma ',' expected after value ${got}`;
    default:
      return `Array item expected ${got}`;
  }
}

/** A newly opened object or array. */
export function newFrame(isObject: boolean, acc: Acc, target: Acc): Frame {
  return {
    isObject,
    expect: isObject ? keyOrEnd : itemOrEnd,
    target,
    acc,
    members: new Map(),
    member: null,
    repeated: null,
    hasIndexKeys: false,
    colons: 0,
    items: 0,
    sum: 0,
  };
}

/** A key read in an object: its member, or the repeat of one (read for errors, not counted). */
export function openMember(frame: Frame, k: string, offset: number): void {
  frame.expect = colon;
  const seen = frame.members.get(k);
  if (seen) {
    // The data keeps one value for the key: the repeated one is read (for errors) but not counted.
    frame.repeated = { key: k, offset, first: seen.value };
    frame.target = newAcc();
    return;
  }
  const slot = countKey(frame.acc, k);
  const member: Member = { slot, keyFingerprint: fingerprintString(k), value: 0 };
  frame.members.set(k, member);
  frame.member = member;
  frame.target = slot.acc;
  if (!frame.hasIndexKeys && isArrayIndex(k)) frame.hasIndexKeys = true;
}

/** A value ended inside an object or array: it becomes the open member or the next item. */
export function closeMember(frame: Frame, fingerprint: number): void {
  if (frame.isObject) {
    frame.expect = commaOrEndOfObject;
    const { repeated } = frame;
    if (repeated) {
      if (repeated.first !== fingerprint)
        throw new JsonErrorAt(
          "invalid JSON",
          repeated.offset + 1,
          `: Duplicate key '${repeated.key}' encountered`,
        );
      frame.repeated = null;
      return;
    }
    const member = frame.member!;
    member.value = fingerprint;
    frame.sum = addMember(frame.sum, fingerprintMember(member.keyFingerprint, fingerprint));
  } else {
    frame.expect = commaOrEndOfArray;
    frame.sum = addMember(frame.sum, fingerprintMember(indexKey(frame.items++), fingerprint));
  }
}
