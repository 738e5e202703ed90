/**
 * Generated hostile inputs (issue 12): small texts whose naive handling costs far more than their
 * size. Shared by the tests and the benchmark of each package.
 */

/**
 * A JSON Schema whose every level has `width` properties that all `$ref` the next level, `depth`
 * record levels in all: width^depth leaves per message (8, 6 → 262,144) from about 1.8 KB of text.
 */
export function refBombSchema(width = 8, depth = 6): string {
  const level = (l: number) => {
    const properties: Record<string, object> = {};
    for (let i = 0; i < width; i++)
      properties[`f${i}`] = l === depth - 1 ? { type: "integer" } : { $ref: `#/$defs/L${l + 1}` };
    return { type: "object", properties, required: Object.keys(properties) };
  };
  const $defs: Record<string, object> = {};
  for (let l = 1; l < depth; l++) $defs[`L${l}`] = level(l);
  return JSON.stringify({ title: "Bomb", ...level(0), $defs });
}

const punctuation = "!#$%&'()*+,-./:;<=>?@[]^_`{|}~";

/** The i-th key made only of punctuation (no letter or digit survives into an identifier). */
export function punctuationKey(i: number): string {
  let key = "";
  let n = i;
  do {
    key += punctuation[n % punctuation.length];
    n = Math.floor(n / punctuation.length);
  } while (n > 0);
  return key;
}

/**
 * An object with `n` punctuation-only keys, each holding an object with a key of its own: a record
 * of `n` fields of `n` different record types, all of whose names sanitise to the same identifier.
 */
export function punctuationKeysSample(n = 20_000): string {
  const out: Record<string, object> = {};
  for (let i = 0; i < n; i++) {
    const key = punctuationKey(i);
    out[key] = { [key]: 1 };
  }
  return JSON.stringify(out);
}
