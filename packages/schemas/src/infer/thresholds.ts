/**
 * Every threshold inference uses, in one place (README documents them). Each was chosen so the
 * three corpus files come out as a person would type them by hand.
 */
export const inferenceThresholds = {
  /** At most this many distinct values for a string field to become an enum… */
  enumMaxSymbols: 16,
  /** …seen at least this many times in all… */
  enumMinOccurrences: 8,
  /** …each symbol repeating on average at least this often… */
  enumMinRepeats: 2,
  /** …and every symbol short and identifier-like (no spaces, at most this long). */
  enumMaxSymbolLength: 32,
  /** An object whose keys all look like data (numbers, UUIDs) is a map once it has this many keys (ids as keys are data however few)… */
  mapMinDataKeys: 1,
  /** …and any object with more distinct keys than this (over all samples) whose values share one shape is a map. */
  mapMinKeys: 64,
  /** …where, if the values are objects, each has at least this share of all their keys (see looksLikeMap). */
  mapMinSharedKeys: 0.5,
} as const;
