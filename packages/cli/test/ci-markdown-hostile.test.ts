import { comparisonOf, runViewOf } from "@wirebench/contracts/testing";
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../src/ci/render-markdown.ts";

// GitHub-like: raw HTML allowed, bare URLs autolinked.
const md = new MarkdownIt({ html: true, linkify: true });

const base = comparisonOf({
  run: runViewOf({ id: "runAAAAAAAAAAAAAAAAAAAA", url: "http://wb.test/runs/runA" }),
  baseline: { id: "baseBBBBBBBBBBBBBBBBBB", url: "http://wb.test/runs/baseB", branch: "main", commit: "f" },
});

/** Markdown and HTML an attacker would put in a branch name, commit, message or error. */
const hostile = fc.oneof(
  fc.constantFrom(
    "[click](https://evil.example/x)",
    "![t](https://evil.example/pixel.gif)",
    '<img src="https://evil.example/p.gif">',
    "<script>alert(1)</script>",
    "`x` [a](https://evil.example)",
    "``[a](https://evil.example)``",
    "https://evil.example/bare",
    "www.evil.example",
    "<https://evil.example>",
    "x\n\n![t](https://evil.example/pixel.gif)",
    "\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007",
  ),
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom("](https://evil.example)", "<b>", "`", "|", "\\"))
    .map(([a, b]) => `[${a}${b}${a}`),
);

/** Links and images in the rendered HTML: only the two the renderer itself writes. */
const renderedLinks = (html: string) => [...html.matchAll(/<(a|img)\b[^>]*>/g)].map((m) => m[0]);

describe("CI Markdown with hostile branch, commit, message and error text", () => {
  it("renders every user string as text: no link, image or HTML of theirs", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (branch, commit, message, error) => {
        const html = md.render(
          renderMarkdown({
            ...base,
            run: { ...base.run, branch, commit, message },
            baseline: { ...base.baseline!, branch },
            newlyFailing: [{ key: "avro", watched: true, error }],
            checks: [{ name: "formats", limitPct: null, failing: ["avro"], pass: false }],
            pass: false,
          }),
        );
        expect(renderedLinks(html)).toEqual([
          '<a href="http://wb.test/runs/runA">',
          '<a href="http://wb.test/runs/baseB">',
        ]);
        expect(html).not.toMatch(/<(script|b|img)\b/);
        expect(html).not.toContain("\u001b");
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the text readable: the message shows as written, escapes as \\u001b", () => {
    const out = renderMarkdown({
      ...base,
      run: { ...base.run, message: "[a](https://evil.example) \u001b[31m" },
    });
    expect(out).toContain("> `[a](https://evil.example) \\u001b[31m`\n");
  });
});
