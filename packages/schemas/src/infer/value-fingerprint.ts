import { LossyInteger } from "../parse/parse-json-lossless.ts";
import type { Scalar } from "./accumulate.ts";

/**
 * 52-bit fingerprints of parsed JSON values, for the one question streaming cannot answer from the
 * summary alone: is a repeated object key's value equal to the first one? lossless-json keeps an
 * object with a repeated key when both values are deep-equal and refuses it otherwise, so the
 * streaming inference compares fingerprints instead of keeping every value.
 *
 * Equal fingerprints follow lossless-json's isDeepEqual on the parsed values, quirks included: an
 * array equals an object with the same index keys (`[]` equals `{}`), key order does not matter,
 * and an IntegralFloat or LossyInteger compares as the object it is (`{value, text}`). Different
 * values collide with a chance of about 2^-52 per comparison.
 */

// Two 32-bit lanes (murmur3-style mixing) folded into 52 bits, so a fingerprint is an exact double.
let h1 = 0;
let h2 = 0;

function begin(tag: number): void {
  h1 = 0x9e3779b9 ^ tag;
  h2 = 0x85ebca6b ^ Math.imul(tag, 0xcc9e2d51);
}

function word(w: number): void {
  let k = Math.imul(w, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h1 ^= k;
  h1 = (h1 << 13) | (h1 >>> 19);
  h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
  h2 = Math.imul(h2 ^ w, 0x2c1b3c6d) + 0x297a2d39;
  h2 ^= h2 >>> 16;
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function end(): number {
  const a = fmix(h1 ^ h2);
  const b = fmix(h2 + Math.imul(h1, 0x27d4eb2d));
  return (b >>> 12) * 0x1_0000_0000 + a;
}

/** Feeds a 52-bit fingerprint into the lanes as two words. */
function words52(f: number): void {
  word(f >>> 0);
  word(Math.floor(f / 0x1_0000_0000));
}

const stringTag = 1;
const numberTag = 2;
const bigintTag = 3;
const memberTag = 4;
const objectTag = 5;

function text(tag: number, s: string): number {
  begin(tag);
  for (let i = 0; i < s.length; i++) word(s.charCodeAt(i));
  word(s.length);
  return end();
}

export const fingerprintString = (s: string): number => text(stringTag, s);

const float = new Float64Array(1);
const floatWords = new Uint32Array(float.buffer);

function fingerprintNumber(n: number): number {
  float[0] = n === 0 ? 0 : n; // -0 === 0 for isDeepEqual
  begin(numberTag);
  word(floatWords[0]!);
  word(floatWords[1]!);
  return end();
}

/** One member of an object or array: its key's fingerprint with its value's. */
export function fingerprintMember(key: number, value: number): number {
  begin(memberTag);
  words52(key);
  words52(value);
  return end();
}

const twoTo52 = 2 ** 52;

/** Members add up modulo 2^52, so the order of an object's keys does not change its fingerprint. */
export const addMember = (sum: number, member: number): number => (sum + member) % twoTo52;

export function fingerprintObject(memberSum: number): number {
  begin(objectTag);
  words52(memberSum);
  return end();
}

const indexKeys: number[] = [];

/** The key fingerprint of array item `i`, which compares as an object key "i". */
export function indexKey(i: number): number {
  if (i >= 1024) return fingerprintString(String(i));
  indexKeys[i] ??= fingerprintString(String(i));
  return indexKeys[i];
}

const valueKey = fingerprintString("value");
const textKey = fingerprintString("text");
const nullFingerprint = text(0, "null");
const trueFingerprint = text(0, "true");
const falseFingerprint = text(0, "false");

export function fingerprintScalar(v: Scalar): number {
  if (v === null) return nullFingerprint;
  if (v === true) return trueFingerprint;
  if (v === false) return falseFingerprint;
  if (typeof v === "string") return fingerprintString(v);
  if (typeof v === "number") return fingerprintNumber(v);
  if (typeof v === "bigint") return text(bigintTag, v.toString());
  let sum = fingerprintMember(valueKey, fingerprintNumber(v.value));
  if (v instanceof LossyInteger) sum = addMember(sum, fingerprintMember(textKey, fingerprintString(v.text)));
  return fingerprintObject(sum);
}
