import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { quickSettings } from "@wirebench/codecs";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { nodeRuntime } from "../node/definition.ts";
import {
  measureInRuntime,
  OK_MARKER,
  prepareGenerated,
  type RuntimeDefinition,
  type SchemaForRuntime,
} from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

const dataset = addressBook();
const scratch = () => scratchDir("wb-driver-f-");
const hello = `console.log(JSON.stringify({type:"hello",runtime:"python",runtimeVersion:"Python 0",libraries:{}}));`;

/** A runtime whose child is a few lines of Node: real processes misbehaving in one way each. */
function scripted(script: string): RuntimeDefinition {
  return {
    id: "python",
    formats: [
      { impl: "msgpack", format: "msgpack", library: "msgpack", input: "data" },
      { impl: "protobuf", format: "protobuf", library: "protobuf", input: "protojson" },
    ],
    detect: async () => ({ available: true, version: "Python 0" }),
    command: () => ({ cmd: process.execPath, args: ["-e", script] }),
  };
}

const measure = (def: RuntimeDefinition) =>
  measureInRuntime(def, {
    dataset,
    settings: quickSettings,
    workDir: scratch(),
    limits: { stepTimeoutMs: 1500 },
  });

describe("a runtime child that misbehaves fails its formats, not the run", () => {
  it("exits in the middle", async () => {
    const run = await measure(scripted(`${hello} console.error("segfault-ish"); process.exit(3);`));
    expect(run.formats.map((f) => f.id)).toEqual(["msgpack@python", "protobuf@python"]);
    for (const f of run.formats) {
      expect(f.ok).toBe(false);
      expect(f.error).toMatch(
        /python child \(process 0\) exited with code 3 before it finished; stderr: segfault-ish/,
      );
    }
    expect(run.status.reason).toMatch(/code 3/);
  });

  it("prints garbage", async () => {
    const run = await measure(scripted(`console.log("Traceback (most recent call last):");`));
    for (const f of run.formats) expect(f.error).toMatch(/wrote a line outside the protocol.*Traceback/);
  });

  it("answers a message the protocol does not know", async () => {
    const run = await measure(scripted(`${hello} console.log(JSON.stringify({type:"samples",id:"x"}));`));
    for (const f of run.formats) expect(f.error).toMatch(/outside the protocol \(.*nsPerOp/);
  });

  it("hangs", async () => {
    const run = await measure(scripted(`${hello} setInterval(() => {}, 1000);`));
    for (const f of run.formats)
      expect(f.error).toMatch(/said nothing for 1500 ms \(WIREBENCH_RUNTIME_STEP_TIMEOUT_MS\)/);
  });

  it("cannot start", async () => {
    const def = { ...scripted(""), command: () => ({ cmd: "/nonexistent/python3", args: [] }) };
    const run = await measure(def);
    for (const f of run.formats) expect(f.error).toMatch(/did not start: .*ENOENT/);
  });

  it("is missing: status only, no entries", async () => {
    const def = {
      ...scripted(""),
      detect: async () => ({ available: false, reason: "python3 not on PATH" }),
    };
    const run = await measure(def);
    expect(run).toEqual({
      status: { runtime: "python", available: false, reason: "python3 not on PATH" },
      formats: [],
    });
  });
});

describe("generated code is cached by schema", () => {
  const schemaFile = (dir: string, text: string): SchemaForRuntime => {
    const file = join(dir, "s.proto");
    writeFileSync(file, text);
    return { idl: "proto", file, rootType: "a.B" };
  };

  it("generates once per schema, and again when a build left no marker", async () => {
    const cacheDir = scratch();
    let calls = 0;
    const def = {
      id: "go" as const,
      generatorVersion: "1",
      generate: async (_s: SchemaForRuntime, out: string) => {
        calls++;
        writeFileSync(join(out, "gen.txt"), "code");
      },
    };
    const schema = schemaFile(scratch(), 'syntax = "proto3"; package a; message B {}');
    const dir = await prepareGenerated(def, schema, { cacheDir });
    expect(dir && existsSync(join(dir, OK_MARKER))).toBe(true);
    expect(await prepareGenerated(def, schema, { cacheDir })).toBe(dir);
    expect(calls).toBe(1);
    // Another schema text, root or generator version is another folder.
    expect(await prepareGenerated({ ...def, generatorVersion: "2" }, schema, { cacheDir })).not.toBe(dir);
    expect(calls).toBe(2);
    rmSync(join(dir as string, OK_MARKER));
    expect(await prepareGenerated(def, schema, { cacheDir })).toBe(dir);
    expect(calls).toBe(3);
  });

  it("reuses the folder on the second run of measureInRuntime, and hands it to the child", async () => {
    const cacheDir = scratch();
    const generated: string[] = [];
    const commands: string[][] = [];
    const def: RuntimeDefinition = {
      ...nodeRuntime,
      formats: nodeRuntime.formats.filter((f) => f.impl === "protobuf"),
      generatorVersion: "test",
      generate: async (s, out) => {
        generated.push(s.file);
        writeFileSync(join(out, "gen.txt"), s.rootType);
      },
      command: (dirs) => {
        commands.push(dirs);
        return nodeRuntime.command(dirs);
      },
    };
    const opts = () => ({ dataset, settings: quickSettings, workDir: scratch(), limits: { cacheDir } });
    const first = await measureInRuntime(def, opts());
    const second = await measureInRuntime(def, opts());
    expect(generated).toHaveLength(1);
    expect(first.formats[0]?.ok).toBe(true);
    expect(second.formats[0]?.digest).toBe(first.formats[0]?.digest);
    expect(commands[0]?.[0]).toContain(join(cacheDir, "node"));
    expect(commands[1]).toEqual(commands[0]);
  });
});
