/**
 * lossless-json builds every string a character at a time (`result += char`), which V8 keeps as a
 * rope: a 32-byte cons cell per character after the thirteenth, which every codec that writes the
 * string walks again. On such strings avsc's encode of the 10 KB twitter sample took 31 µs a call,
 * against 22 µs on the same strings as JSON.parse makes them and as the measurement children get them
 * (deserialized), and the parsed twitter.json held 7.2 MB of heap instead of 3.4 MB. Converting a
 * string to a number makes V8 flatten it in place, so the cells become garbage.
 */
let _kept = 0;

/** The same string, flattened (see above). */
export function flatString(s: string): string {
  // Kept, so an optimising compiler cannot drop the conversion as unused.
  _kept ^= Number(s) | 0;
  return s;
}
