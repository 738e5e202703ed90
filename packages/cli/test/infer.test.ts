import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusPath } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
const dir = scratchDir("wirebench-infer-");

// Each test spawns the CLI through tsx (compile + twitter.json twice): seconds on a shared machine.
describe("wirebench infer", { timeout: 30_000 }, () => {
  it("prints a type tree with optional fields, nullables, enums, maps and int64 marked", () => {
    const res = cli("infer", corpusPath("citm_catalog.json"));
    expect(res.status).toBe(0);
    expect(res.stdout).toContain("events: map<string, Event>");
    const twitter = cli("infer", corpusPath("twitter.json")).stdout;
    expect(twitter).toMatch(/^ {4}id: int64 \(exact beyond 2\^53\)$/m);
    expect(twitter).toMatch(/in_reply_to_status_id: int64 \(exact beyond 2\^53\) \| null/);
    expect(twitter).toMatch(/result_type: enum ResultType \{recent\}/);
  });

  it("--emit prints an IDL and -o writes one file into the folder", () => {
    const proto = cli("infer", corpusPath("twitter.json"), "--emit", "proto");
    expect(proto.status).toBe(0);
    expect(proto.stdout).toContain('syntax = "proto3";');
    const out = join(dir, "out");
    const res = cli("infer", corpusPath("canada.json"), "--emit", "capnp", "-o", out);
    expect(res.status).toBe(0);
    expect(readFileSync(join(out, "wirebench.capnp"), "utf8")).toMatch(/^@0x[0-9a-f]{16};$/m);
  });

  it("shows a .proto's wire encodings, and on stderr what an emitted IDL cannot carry or had to rename", () => {
    const proto = join(dir, "tz.proto");
    writeFileSync(proto, 'syntax = "proto3"; message Tz { sint32 timezone = 1; fixed64 id = 2; }');
    expect(cli("infer", proto).stdout).toMatch(
      /timezone: int32 \[zigzag\]\n {2}id: uint64 \(exact beyond 2\^53\) \[fixed\]/,
    );
    const fbs = cli("infer", proto, "--emit", "fbs");
    expect(fbs.status).toBe(0);
    expect(fbs.stderr).toContain("limitation int-encoding at Tz.timezone: sint32 in the .proto");
    expect(fbs.stderr).toContain("renamed field Tz.id → id_");
  });

  it("--emit colf prints a .colf and reports what Colfer cannot carry", () => {
    const proto = join(dir, "opt.proto");
    writeFileSync(proto, 'syntax = "proto3"; message Opt { sint32 tz = 1; optional string who = 2; }');
    const colf = cli("infer", proto, "--emit", "colf");
    expect(colf.status).toBe(0);
    expect(colf.stdout).toMatch(/^package colfgen$/m);
    expect(colf.stdout).toMatch(/^\twho OptWhoValue$/m);
    expect(colf.stderr).toContain("limitation int-encoding at Opt.tz: sint32 in the .proto");
    expect(colf.stderr).toContain("limitation optional-scalar-wrapped at Opt.who");
  });

  it("imports a .proto and an NDJSON sample", () => {
    const proto = join(dir, "p.proto");
    writeFileSync(proto, 'syntax = "proto3"; message Ping { int64 at = 1; optional string who = 2; }');
    expect(cli("infer", proto).stdout).toMatch(/Ping\n {2}at: int64.*\n {2}who\?: string/);
    const nd = join(dir, "e.ndjson");
    writeFileSync(nd, '{"a": 1}\n{"a": 2, "b": true}\n');
    expect(cli("infer", nd).stdout).toMatch(/b\?: bool/);
  });

  it.each([
    [
      "a top-level $ref",
      { $ref: "#/$defs/Ping", $defs: { Ping: { type: "object", properties: { at: { type: "integer" } } } } },
    ],
    [
      "a top-level $ref into definitions",
      { $ref: "#/definitions/Ping", definitions: { Ping: { properties: { at: { type: "integer" } } } } },
    ],
  ])("reads a JSON Schema without $schema that has %s", (_what, doc) => {
    const file = join(dir, "ref-schema.json");
    writeFileSync(file, JSON.stringify(doc));
    const res = cli("infer", file);
    expect(res.status).toBe(0);
    expect(res.stdout).toBe("Ping\n  at?: int64 (exact beyond 2^53)\n");
  });

  it("keeps a sample whose `definitions` key holds data, not schemas", () => {
    const file = join(dir, "glossary.json");
    writeFileSync(file, JSON.stringify({ definitions: { cat: { text: "a small feline" } } }));
    expect(cli("infer", file).stdout).toMatch(/^ {2}definitions: /m);
  });

  it("reports why a JSON Schema is refused instead of reading it as a sample", () => {
    // A list of itself: a $ref cycle with no object in it has no type.
    const file = join(dir, "recursive-schema.json");
    const list = { type: "array", items: { $ref: "#/$defs/L" } };
    writeFileSync(
      file,
      JSON.stringify({ type: "object", properties: { l: { $ref: "#/$defs/L" } }, $defs: { L: list } }),
    );
    const res = cli("infer", file);
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^wirebench: recursive type L is not supported/);
  });

  it.each([
    ["an invalid JSON sample", "bad.json", '{"a": }', /^wirebench: invalid JSON at line 1, column 7/],
    ["an empty file", "empty.json", "", /^wirebench: input is empty/],
    ["a scalar at the top", "scalar.json", "42", /^wirebench: the top-level value is a number/],
    ["a broken .proto", "bad.proto", "message {", /^wirebench: \.proto does not parse/],
  ])("exits 2 with a clear message for %s", (_what, name, text, message) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    const res = cli("infer", file);
    expect(res.status).toBe(2);
    expect(res.stderr.trim()).toMatch(message);
  });

  it("rejects an unknown IDL and names the choices", () => {
    const res = cli("infer", corpusPath("twitter.json"), "--emit", "xml");
    expect(res.status).toBe(2);
    expect(res.stderr).toContain("Allowed choices are proto, avsc, fbs, capnp, thrift, colf, jsonschema");
  });
});
