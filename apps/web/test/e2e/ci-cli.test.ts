import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../../../packages/cli/test/helpers/spawn-cli.ts";
import { scratchDir } from "../../../../packages/schemas/test/scratch-dir.ts";
import { type Stack, startStack } from "./stack.ts";

const dir = scratchDir("wirebench-ci-");
// The CLI's own test helper: the same process, environment and NO_COLOR as its package's tests.
const cli = (...args: string[]) => spawnCli(args);
const cliWithEnv = (env: Record<string, string>, ...args: string[]) => spawnCli(args, env);

const sample = (name: string) =>
  JSON.stringify({
    users: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `${name} ${i}`, active: i % 2 === 0 })),
  });
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

let stack: Stack;
let token = "";
let featureRunId = "";
beforeAll(async () => {
  stack = await startStack("cicli");
}, 90_000);
afterAll(async () => stack?.stop());

const ciArgs = (path: string, ...more: string[]) => [
  "ci",
  path,
  "--server",
  stack.url,
  "--token",
  token,
  "--formats",
  "json,msgpackr,protobuf",
  "--quick",
  "--poll-interval",
  "0.5",
  ...more,
];

describe("wirebench project create and wirebench ci against a real server", () => {
  it("creates a project and prints its token once", async () => {
    const res = await cli("project", "create", "Payments API", "--server", stack.url);
    expect(res.code).toBe(0);
    token = res.stdout.trim();
    expect(token).toMatch(/^wb_[0-9A-Za-z]{43}$/);
    expect(res.stderr).toContain("project payments-api created");
  });

  it("a first run on main passes with no baseline", async () => {
    const res = await cli(
      ...ciArgs(file("base.json", sample("user")), "--branch", "main", "--commit", "aaaa111"),
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("with no baseline");
  }, 120_000);

  it("a sample that grows past the threshold exits 1 with the right delta in the Markdown", async () => {
    const grown = sample("a much longer user name that costs bytes");
    const md = join(dir, "comment.md");
    const json = join(dir, "comparison.json");
    const res = await cli(
      ...ciArgs(
        file("grown.json", grown),
        "--branch",
        "feature",
        "--baseline",
        "main",
        "--max-regression",
        "5",
        "--markdown",
        md,
        "--json",
        json,
      ),
    );
    expect(res.code).toBe(1);
    const comparison = JSON.parse(readFileSync(json, "utf8")) as {
      pass: boolean;
      formats: { key: string; bytes: { base: number; current: number; deltaPct: number } }[];
    };
    expect(comparison.pass).toBe(false);
    const jsonRow = comparison.formats.find((f) => f.key === "json")!;
    expect(jsonRow.bytes.base).toBe(Buffer.byteLength(sample("user")));
    expect(jsonRow.bytes.current).toBe(Buffer.byteLength(grown));
    const pct = ((jsonRow.bytes.current - jsonRow.bytes.base) / jsonRow.bytes.base) * 100;
    const markdown = readFileSync(md, "utf8");
    expect(markdown).toContain("## Wirebench: ❌ threshold crossed");
    expect(markdown).toContain(
      `| json ❌ | ${jsonRow.bytes.current.toLocaleString("en-US")} (+${pct.toFixed(1)}%) ❌`,
    );
    expect(markdown).toContain("size growth (raw and compressed) at most 5%: ");

    // The run's branch history page lists both runs of `feature`… once the next one lands.
    featureRunId = (JSON.parse(readFileSync(json, "utf8")) as { run: { id: string } }).run.id;
  }, 120_000);

  it("an unchanged sample exits 0", async () => {
    const res = await cli(
      ...ciArgs(
        file("same.json", sample("user")),
        "--branch",
        "feature",
        "--baseline",
        "main",
        "--max-regression",
        "5",
      ),
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("✅ within thresholds");
    const history = (await (await fetch(`${stack.url}/runs/${featureRunId}/history`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(history).toContain("History of <code>feature</code>");
    expect(history).toContain('data-testid="history-bytes"');
  }, 120_000);

  it("an explicit baseline that can never resolve exits 2 before anything is measured", async () => {
    const res = await cli(
      ...ciArgs(file("nb.json", sample("user")), "--branch", "feature", "--baseline", "mian"),
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(
      /server answered 400 to POST \/api\/v1\/runs: baseline: "mian" is neither a run id nor a branch with any run in this project\./,
    );
  }, 120_000);

  it("takes the token from WIREBENCH_TOKEN and carries --pr and --message to the run and the Markdown", async () => {
    const json = join(dir, "pr.json");
    const args = ciArgs(file("pr.json.in", sample("user")), "--branch", "feature", "--pr", "17");
    args.splice(args.indexOf("--token"), 2);
    const res = await cliWithEnv(
      { WIREBENCH_TOKEN: token },
      ...args,
      "--message",
      "Add user flags",
      "--json",
      json,
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("for PR #17");
    expect(res.stdout).toContain("> `Add user flags`");
    const { run } = JSON.parse(readFileSync(json, "utf8")) as { run: { id: string } };
    const stored = (await (await fetch(`${stack.url}/api/v1/runs/${run.id}`)).json()) as {
      pullRequest: number;
      message: string;
    };
    expect(stored).toMatchObject({ pullRequest: 17, message: "Add user flags" });
  }, 120_000);

  it("wirebench project tokens lists the project's tokens without their secrets", async () => {
    const res = await cli("project", "tokens", "--server", stack.url, "--token", token);
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+PREFIX\s+CREATED\s+LAST USED\s+STATE$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${token.slice(0, 7)}…`);
    expect(lines[1]).toMatch(/live$/);
    expect(res.stdout).not.toContain(token);
  });

  it("a revoked token is refused with 401 and the CLI exits 2", async () => {
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const second = (await (
      await fetch(`${stack.url}/api/v1/tokens`, { method: "POST", headers: auth })
    ).json()) as {
      id: string;
      token: string;
    };
    const revoke = await fetch(`${stack.url}/api/v1/tokens/${second.id}`, {
      method: "DELETE",
      headers: auth,
    });
    expect(revoke.status).toBe(204);
    const res = await cli(
      "ci",
      file("r.json", sample("user")),
      "--server",
      stack.url,
      "--token",
      second.token,
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("server answered 401 to POST /api/v1/runs: This API token was revoked.");
  });
});
