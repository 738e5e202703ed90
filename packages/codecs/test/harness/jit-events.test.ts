import { execFileSync } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { canWritePerfMap, jitEventCounter, jitEventFlags } from "../../src/harness/jit-events.ts";

const dir = scratchDir("wirebench-jit-events-");

describe("jitEventCounter", () => {
  it("counts optimised functions as the map grows, lines split across reads included, and removes the map", () => {
    const path = join(dir, "perf-1.map");
    // Written through one descriptor, as V8 does: the counter unlinks the path once it has it open.
    const v8 = openSync(path, "a");
    writeSync(v8, "3e8a0 40 JS:~hot file:///a.js:1:1\n3e900 120 JS:^hot file:///a.js:1:1\n");
    const count = jitEventCounter(path);
    expect(existsSync(path)).toBe(false);
    expect(count()).toBe(0);
    writeSync(v8, "3ea00 384 JS:*hot file:///a.js:1:1\n3eb00 2c0 JS:*oth");
    expect(count()).toBe(1);
    writeSync(v8, "er file:///b.js:2:2\n3ec00 90 JS:+maglevved file:///b.js:9:9\n");
    expect(count()).toBe(3);
    // Interpreted and baseline code, and names that merely contain a star, are not optimisations.
    writeSync(v8, "3ed00 50 JS:~f file:///a*b.js:1:1\n3ee00 60 Builtin:*odd\n");
    expect(count()).toBe(3);
    closeSync(v8);
  });

  it("follows V8's own map: a hot function's optimisation shows up at once (this Node's V8)", () => {
    const script = `
      const { jitEventCounter } = await import(${JSON.stringify(new URL("../../src/harness/jit-events.ts", import.meta.url).href)});
      const count = jitEventCounter();
      const before = count();
      function hot(x) { let s = 0; for (let i = 0; i < 100; i++) s += (x * i) % 7; return s; }
      function drive(n) { let s = 0; for (let i = 0; i < n; i++) s += hot(i); return s; }
      let sink = 0;
      for (let k = 0; k < 5000; k++) sink += drive(100);
      console.log(JSON.stringify({ before, after: count(), pid: process.pid, sink: sink > 0 }));`;
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", ...jitEventFlags, "--input-type=module", "-e", script],
      { encoding: "utf8" },
    );
    const r = JSON.parse(out.trim());
    expect(r.after).toBeGreaterThan(r.before);
    expect(existsSync(`/tmp/perf-${r.pid}.map`)).toBe(false);
  });

  it("without a map counts nothing, so warm-up goes by the timing alone", () => {
    expect(jitEventCounter(join(dir, "missing.map"))()).toBe(0);
  });
});

// V8 stops a process at start when it cannot create its map, so the flag is only passed when it can.
describe("canWritePerfMap", () => {
  it("is true for a directory this user may write, false for a file or nothing", () => {
    expect(canWritePerfMap(undefined, dir)).toBe(true);
    writeFileSync(join(dir, "a-file"), "");
    expect(canWritePerfMap(undefined, join(dir, "a-file"))).toBe(false);
    expect(canWritePerfMap(undefined, join(dir, "missing"))).toBe(false);
  });

  it("for another user (the sandboxed child), goes by the directory's mode", () => {
    const nobody = { user: "nobody", uid: 65534, gid: 65534 };
    const shared = join(dir, "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o755);
    expect(canWritePerfMap(nobody, shared)).toBe(process.getuid?.() === 65534);
    chmodSync(shared, 0o1777);
    expect(canWritePerfMap(nobody, shared)).toBe(true);
  });
});
