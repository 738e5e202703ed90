import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { generateOnce } from "../../src/codegen/generate-once.ts";
import { runCompiler } from "../../src/codegen/run-compiler.ts";

const freshDir = () => scratchDir("wirebench-gen-");

describe("generateOnce", () => {
  it("runs one generation per folder when two variants ask at the same time", async () => {
    const dir = freshDir();
    let runs = 0;
    const generate = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 20));
    };
    await Promise.all([generateOnce(dir, generate), generateOnce(dir, generate)]);
    expect(runs).toBe(1);
    expect(existsSync(join(dir, ".generated"))).toBe(true);
  });

  it("gives every caller the same compiler error, and marks nothing as generated", async () => {
    const dir = freshDir();
    const generate = () => runCompiler("flatc", ["--ts", join(dir, "missing.fbs")], { debianPackage: "x" });
    const first = generateOnce(dir, async () => void (await generate()));
    const second = generateOnce(dir, async () => undefined);
    await expect(first).rejects.toThrow(/^flatc failed: /);
    await expect(second).rejects.toThrow(/^flatc failed: /);
    expect(existsSync(join(dir, ".generated"))).toBe(false);
  });
});

describe("runCompiler", () => {
  it("names the Debian package when the compiler is missing", async () => {
    await expect(
      runCompiler("wirebench-no-such-compiler", [], { debianPackage: "some-package" }),
    ).rejects.toThrow("wirebench-no-such-compiler is not installed (Debian package some-package)");
  });

  it("closes the compiler's stdin, so a tool that reads a request from a pipe does not wait forever", async () => {
    // `cat` with no arguments copies stdin until it closes: it returns only if stdin was ended.
    await expect(runCompiler("cat", [], { debianPackage: "coreutils" })).resolves.toBe("");
  });
});

describe("generateOnce across processes", () => {
  it("waits for another live process's generation of the folder instead of running its own", async () => {
    const dir = freshDir();
    // A live process other than this one holds the lock: the parent of this test process.
    writeFileSync(join(dir, ".generating"), String(process.ppid));
    let runs = 0;
    const waiting = generateOnce(dir, async () => {
      runs++;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(runs).toBe(0);
    // The other process finishes: marker written, lock removed.
    writeFileSync(join(dir, ".generated"), "");
    rmSync(join(dir, ".generating"));
    await waiting;
    expect(runs).toBe(0);
  });

  it("takes over a folder whose lock names a process that is gone", async () => {
    const dir = freshDir();
    const gone = spawnSync("true").pid as number;
    writeFileSync(join(dir, ".generating"), String(gone));
    let runs = 0;
    await generateOnce(dir, async () => {
      runs++;
    });
    expect(runs).toBe(1);
    expect(existsSync(join(dir, ".generated"))).toBe(true);
    expect(existsSync(join(dir, ".generating"))).toBe(false);
  });
});
