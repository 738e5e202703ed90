import { execFileSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { childIdentityWith, chooseChildIdentity } from "../../src/harness/child-sandbox.ts";
import { runComparison } from "../../src/index.ts";
import { fixtureEntry } from "../helpers/fixture-entry.ts";
import { processesRunning } from "../helpers/processes.ts";

const entry = (id: string, exportName: string) => fixtureEntry("sandbox-adapters.js", id, exportName);
const anySchema = { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" } as const;
const tiny = {
  processes: 1,
  rounds: 1,
  samplesPerRound: 1,
  warmupMinMs: 1,
  warmupMaxMs: 5,
  measureAllocations: false,
};

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
});

describe("what a measurement child can see", () => {
  it("gets a minimal environment (no database URL, no tokens), and so does a compiler it runs", async () => {
    process.env.DATABASE_URL = "postgresql://wirebench:secret@db.internal/wirebench";
    process.env.REDIS_URL = "redis://:secret@redis.internal:6379";
    process.env.WIREBENCH_ADMIN_TOKEN = "secret-admin-token";
    const r = await runComparison(
      { schema: anySchema, messages: [1] },
      { entries: [entry("probe", "envProbeAdapter")], quick: true, settings: tiny },
    );
    const probe = r.formats[0];
    expect(probe?.ok).toBe(true);
    const seen = JSON.parse(probe?.notes?.[0] ?? "{}") as {
      uid: number;
      env: string[];
      compilerEnv: string[];
    };
    for (const names of [seen.env, seen.compilerEnv]) {
      expect(names).not.toContain("DATABASE_URL");
      expect(names).not.toContain("REDIS_URL");
      expect(names).not.toContain("WIREBENCH_ADMIN_TOKEN");
      expect(names).toContain("PATH");
      expect(
        names.every((n) => ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "PWD", "SHLVL", "_"].includes(n)),
      ).toBe(true);
    }
    // As root, children run as `nobody` when that user can read the code (a checkout inside a 0700
    // folder, such as one from `mktemp -d`, keeps them root, and the choice says why); otherwise as
    // this process's own user.
    const choice = chooseChildIdentity();
    if (process.getuid?.() === 0 && choice.identity) {
      expect(choice.identity.uid).toBe(Number(execFileSync("id", ["-u", "nobody"], { encoding: "utf8" })));
    }
    if (process.getuid?.() === 0 && !choice.identity) expect(choice.warning).toMatch(/cannot read the code/);
    expect(seen.uid).toBe(choice.identity?.uid ?? process.getuid?.());
  });

  // Only root switches users, and only when `nobody` can read the code at all.
  const switches = process.getuid?.() === 0 && chooseChildIdentity().identity !== undefined;
  it.runIf(switches)("keeps the bundle only when the children's user can read it, else the user", () => {
    /** A bundle file in a folder of the given mode. */
    const bundleIn = (mode: number) => {
      const dir = scratchDir("wb-identity-");
      chmodSync(dir, mode);
      writeFileSync(join(dir, "entry.js"), "");
      return join(dir, "entry.js");
    };
    const open = childIdentityWith("nobody", bundleIn(0o755));
    expect(open).toEqual({ identity: expect.objectContaining({ user: "nobody" }), withBundle: true });
    const shut = childIdentityWith("nobody", bundleIn(0o700));
    expect(shut).toEqual({ identity: open.identity, withBundle: false });
    expect(childIdentityWith("nobody", undefined)).toEqual({ identity: open.identity, withBundle: false });
  });
});

describe("schema compilers", () => {
  it("runs with `new Buffer` at its steady cost: deprecation warned at once, not checked per call", async () => {
    const r = await runComparison(
      { schema: anySchema, messages: [1] },
      { entries: [entry("flags", "flagsProbeAdapter")], quick: true, settings: tiny },
    );
    const flags = JSON.parse(r.formats[0]?.notes?.[0] ?? "[]") as string[];
    expect(flags).toEqual(expect.arrayContaining(["--pending-deprecation", "--no-deprecation"]));
  });

  it("do not survive the measurement child that started them when its step times out", async () => {
    // A duration no other process on the machine uses, so the test finds exactly this compiler.
    const seconds = `${300 + Math.floor(Math.random() * 600)}.${process.pid}`;
    const compiler = ["sleep", seconds];
    const watcher = setInterval(() => {
      if (processesRunning(compiler).length > 0) seenRunning = true;
    }, 50);
    let seenRunning = false;
    try {
      const r = await runComparison(
        { schema: anySchema, messages: [seconds] },
        {
          entries: [entry("stuck", "stuckCompilerAdapter")],
          quick: true,
          settings: tiny,
          limits: { stepTimeoutMs: 2_500 },
        },
      );
      expect(r.formats[0]?.error).toBe("exceeded the time limit (2500 ms per step) while preparing");
    } finally {
      clearInterval(watcher);
    }
    expect(seenRunning).toBe(true);
    expect(processesRunning(compiler)).toEqual([]);
  });

  it("count against their child's resident-memory limit, and die with it when it is exceeded", async () => {
    const r = await runComparison(
      { schema: anySchema, messages: [1] },
      {
        entries: [entry("hungry", "hungryCompilerAdapter")],
        quick: true,
        settings: tiny,
        limits: { rssMb: 400, stepTimeoutMs: 30_000 },
      },
    );
    expect(r.formats[0]?.error).toBe("exceeded the memory limit (400 MB resident) while preparing");
  });
});
