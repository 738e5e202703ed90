import { printable } from "../output/printable.ts";

/**
 * User text (branch, commit, message, error) as an inline code span, outside tables: one line, at most
 * `max` characters, control characters shown as escapes, shown verbatim and never interpreted. Inside a
 * code span no renderer makes links, images, HTML or autolinks (a backslash-escaped URL is still
 * linkified by some). The fence is one backtick longer than the longest run inside, so the text
 * cannot close it.
 */
export function codeSpan(text: string, max = 200): string {
  const first = printable(text.split(/\r?\n/)[0]!.trim());
  const body = first.length > max ? `${first.slice(0, max - 1)}…` : first;
  if (!body) return "";
  const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  // CommonMark strips one space from each end when both are there; a backtick at an end needs one.
  const pad = body.startsWith("`") || body.endsWith("`") || /^ .* $/.test(body) ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}
