/**
 * Named limits for reading samples; every entry point takes overrides. Defaults are generous for
 * real API payloads and small enough that a hostile file fails fast with a clear message.
 */
export interface ParseLimits {
  /** Deepest nesting of arrays and objects (default 256; values above maxSupportedDepth act as it). */
  maxDepth: number;
  /** Most keys in one object (default 100,000). */
  maxKeys: number;
  /** Largest input text, in UTF-16 code units (default 64 MiB). */
  maxInputChars: number;
  /**
   * Most keys in the whole input, over every object (default 2,000,000): each key becomes a property
   * of a parsed object, so this bounds the memory a sample can take apart from its text size.
   */
  maxTotalKeys: number;
  /** Most objects in the whole input (default 1,000,000): `[{}, {}, …]` has no keys but costs memory. */
  maxTotalObjects: number;
}

export const defaultParseLimits: ParseLimits = {
  maxDepth: 256,
  maxKeys: 100_000,
  maxInputChars: 64 * 1024 * 1024,
  maxTotalKeys: 2_000_000,
  maxTotalObjects: 1_000_000,
};

/**
 * The deepest nesting any caller may allow. lossless-json, the inference and the emitters recurse
 * once per level; on Node's default stack the parser overflows near 4,500 levels and infer + emit
 * near 2,000, so a larger maxDepth would turn deep input into a stack overflow instead of a clear
 * depth error. 1,000 keeps a margin for smaller worker stacks and the codecs' own recursion.
 */
export const maxSupportedDepth = 1_000;

/** What a refusal says before and after its "at line L, column C". */
export interface LimitWords {
  head: string;
  tail: string;
}

/**
 * The nesting a requested maxDepth really allows (capped at maxSupportedDepth) and how a refusal
 * reads: the whole-text check and the streaming reader must word it alike.
 */
export function depthLimit(requested: number): LimitWords & { maxDepth: number } {
  const maxDepth = Math.min(requested, maxSupportedDepth);
  const capped = maxDepth < requested ? `, at most ${maxSupportedDepth} is supported` : "";
  return { maxDepth, head: `nesting deeper than ${maxDepth} levels`, tail: ` (limit maxDepth${capped})` };
}

/** How a refusal of an object with too many keys reads (see depthLimit). */
export const keysLimit = (maxKeys: number): LimitWords => ({
  head: `an object with more than ${maxKeys} keys`,
  tail: " (limit maxKeys)",
});

/** How a refusal of an input with too many keys in all reads (see depthLimit). */
export const totalKeysLimit = (maxTotalKeys: number): LimitWords => ({
  head: `more than ${maxTotalKeys} keys in all`,
  tail: " (limit maxTotalKeys)",
});

/** How a refusal of an input with too many objects in all reads (see depthLimit). */
export const totalObjectsLimit = (maxTotalObjects: number): LimitWords => ({
  head: `more than ${maxTotalObjects} objects in all`,
  tail: " (limit maxTotalObjects)",
});
