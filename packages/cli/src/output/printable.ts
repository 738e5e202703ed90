/**
 * C0 and C1 control characters (ESC starts terminal escape sequences: colours, cursor moves, window
 * titles, OSC 8 links, clipboard writes) and the Unicode bidirectional controls that make text read
 * differently from what it is ("Trojan Source").
 */
const controls = /[\p{Cc}\p{Bidi_Control}]/gu;
const linesKept = /(?![\n\t])[\p{Cc}\p{Bidi_Control}]/gu;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * User text (JSON keys, enum values, server messages, file contents) as the terminal may print it:
 * each control character shown as its `\uXXXX` escape, so a key that holds an escape sequence reads as
 * what it is instead of acting on the terminal. `keepLines` lets newlines and tabs through, for
 * multi-line text such as an emitted schema.
 */
export function printable(text: string, opts: { keepLines?: boolean } = {}): string {
  return text.replace(opts.keepLines ? linesKept : controls, escaped);
}
