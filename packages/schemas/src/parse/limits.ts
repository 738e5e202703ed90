/**
 * Named limits for reading samples; every entry point takes overrides. Defaults are generous for
 * real API payloads and small enough that a hostile file fails fast with a clear message.
 */
export interface ParseLimits {
  /** Deepest nesting of arrays and objects (default 256). */
  maxDepth: number;
  /** Most keys in one object (default 100,000). */
  maxKeys: number;
  /** Largest input text, in UTF-16 code units (default 64 MiB). */
  maxInputChars: number;
}

export const defaultParseLimits: ParseLimits = {
  maxDepth: 256,
  maxKeys: 100_000,
  maxInputChars: 64 * 1024 * 1024,
};
