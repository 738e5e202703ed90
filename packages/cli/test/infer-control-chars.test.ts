import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inferSchema } from "@wirebench/schemas";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { renderTree } from "../src/commands/infer.ts";
import { printable } from "../src/output/printable.ts";

/** Anything a terminal acts on: C0/C1 controls (ESC, BEL, CSI) and bidirectional overrides. */
const actsOnTerminal = (text: string) =>
  [...text].some((ch) => {
    const n = ch.codePointAt(0)!;
    return (
      (n < 0x20 && n !== 0x0a && n !== 0x09) ||
      (n >= 0x7f && n <= 0x9f) ||
      n === 0x61c ||
      n === 0x200e ||
      n === 0x200f ||
      (n >= 0x202a && n <= 0x202e) ||
      (n >= 0x2066 && n <= 0x2069)
    );
  });
const controlChar = fc.constantFrom(
  "\u001b",
  "\u0007",
  "\u009b",
  "\r",
  "\b",
  "\u202e",
  "\u2066",
  "\u0000",
  "\n",
);
const hostileKey = fc
  .array(
    fc.oneof(controlChar, fc.string({ maxLength: 4 }), fc.constantFrom("[31m", "]0;pwned", "]8;;http://x")),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(""))
  .filter((k) => actsOnTerminal(k) || k.includes("\n"));

describe("user strings in CLI output", () => {
  it("the inferred tree shows control characters in keys and enum values as \\u escapes", () => {
    fc.assert(
      fc.property(fc.uniqueArray(hostileKey, { minLength: 1, maxLength: 5 }), hostileKey, (keys, symbol) => {
        const records = Array.from({ length: 12 }, (_, i) =>
          Object.fromEntries([...keys.map((k) => [k, i]), ["kind", i % 2 ? symbol : "plain"]]),
        );
        const tree = renderTree(inferSchema(JSON.stringify(records), { sampleFormat: "json" }));
        expect(actsOnTerminal(tree)).toBe(false);
        // One line per field: a newline in a key cannot fake another field.
        expect(tree.split("\n").length).toBe(1 + keys.length + 1);
        for (const k of keys) expect(tree).toContain(printable(k));
      }),
      { numRuns: 100 },
    );
  });

  it("printable keeps newlines and tabs only when asked, and escapes everything else", () => {
    expect(printable("a\u001b[31mb\tc\nd")).toBe("a\\u001b[31mb\\u0009c\\u000ad");
    expect(printable("a\u001b[31mb\tc\nd", { keepLines: true })).toBe("a\\u001b[31mb\tc\nd");
    expect(printable("\u202eevil")).toBe("\\u202eevil");
  });

  it("`wirebench infer` prints no escape sequence from a sample's keys, in the tree, an IDL or an error", () => {
    const dir = scratchDir("wirebench-ctl-");
    const sample = join(dir, "s.json");
    writeFileSync(sample, JSON.stringify([{ "\u001b]0;pwned\u0007\u001b[31mred": 1, "ok\u202e": "x" }]));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"\u001b[2J": }');
    const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, ...args], {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      });
    const tree = run("infer", sample);
    expect(tree.status).toBe(0);
    expect(tree.stdout).toContain("\\u001b]0;pwned\\u0007\\u001b[31mred: int32");
    const proto = run("infer", sample, "--emit", "proto");
    const error = run("infer", bad);
    expect(error.status).toBe(2);
    for (const out of [tree.stdout, tree.stderr, proto.stdout, proto.stderr, error.stderr])
      expect(actsOnTerminal(out)).toBe(false);
  }, 60_000);
});
