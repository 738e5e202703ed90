import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, comparison, lastLine, ok, run, useScriptedServer } from "./scripted-server.ts";

/** `wirebench ci` against a scripted server: what it sends, and how it reads what comes back. */
const { srv, dir, ci } = useScriptedServer();

describe("wirebench ci against a scripted server", () => {
  it("takes the token from WIREBENCH_TOKEN and sends --pr and --message, shown in the Markdown", async () => {
    const md = join(dir, "pr.md");
    const res = await cli(ci("--pr", "42", "--message", "Add *tags* to users", "--markdown", md), {
      WIREBENCH_TOKEN: "wb_fromenv",
    });
    expect(res.stderr).not.toContain("wirebench:");
    expect(res.code).toBe(0);
    expect(srv.seen.every((s) => s.authorization === "Bearer wb_fromenv")).toBe(true);
    const posted = JSON.parse(srv.seen.find((s) => s.method === "POST")!.body);
    expect(posted).toMatchObject({ pullRequest: 42, message: "Add *tags* to users" });
    const markdown = readFileSync(md, "utf8");
    expect(markdown).toContain("for PR #42");
    // User text is a code span in the Markdown, so its `*` cannot start emphasis.
    expect(markdown).toContain("> `Add *tags* to users`");
  });

  it("sends a .capnp schema's kind, text and --root", async () => {
    const schema = join(dir, "book.capnp");
    writeFileSync(
      schema,
      "@0xd5a6b7c8e9f01234;\nstruct Book { id @0 :Int32; }\nstruct Shelf { books @0 :List(Book); }\n",
    );
    const res = await cli(ci("--token", "t", "--schema", schema, "--root", "Book"));
    expect(res.code).toBe(0);
    const posted = JSON.parse(srv.seen.find((s) => s.method === "POST")!.body);
    expect(posted.schema).toEqual({ kind: "capnp", text: readFileSync(schema, "utf8"), rootType: "Book" });
  });

  it("prefers --token over WIREBENCH_TOKEN, and exits 2 naming --token when neither is given", async () => {
    expect((await cli(ci("--token", "wb_flag"), { WIREBENCH_TOKEN: "wb_env" })).code).toBe(0);
    expect(srv.seen[0]!.authorization).toBe("Bearer wb_flag");
    const none = await cli(ci());
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("required option '--token <token>' not specified");
  });

  it("exits 2 on a --pr that is not a pull request number", async () => {
    const res = await cli(ci("--token", "t", "--pr", "12abc"));
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("--pr");
    expect(srv.seen).toEqual([]);
  });

  it("exits 2 with the server's message when the baseline does not resolve (404)", async () => {
    const message = 'Baseline "mian" is neither a run id nor a branch with a completed run in this project.';
    srv.route(`GET /api/v1/runs/${run.id}/comparison`, () => ({
      status: 404,
      body: { error: { code: "NOT_FOUND", message } },
    }));
    const res = await cli(ci("--token", "t", "--baseline", "mian"));
    expect(res.code).toBe(2);
    expect(lastLine(res.stderr)).toBe(
      `wirebench: server answered 404 to GET /api/v1/runs/${run.id}/comparison?baseline=mian: ${message}`,
    );
    // 404 is an answer, not a hiccup: asked once.
    expect(srv.seen.filter((s) => s.path.endsWith("/comparison"))).toHaveLength(1);
  });

  it("exits 1 when a watched baseline format fails in the run", async () => {
    srv.route(
      `GET /api/v1/runs/${run.id}/comparison`,
      ok({
        ...comparison,
        baseline: { id: "baseBBBBBBBB", url: "http://wb.test/runs/base", branch: "main", commit: null },
        note: null,
        newlyFailing: [{ key: "avro", watched: true, error: "avro: cannot represent /tags" }],
        checks: [{ name: "formats", limitPct: null, failing: ["avro"], pass: false }],
        pass: false,
      }),
    );
    const res = await cli(ci("--token", "t", "--baseline", "main"));
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("- ❌ avro fails now: `avro: cannot represent /tags`");
    expect(res.stdout).toContain("- ❌ every watched baseline format still works: avro");
  });

  it("exits 2 with one clear line when the server's run does not match the contract", async () => {
    const { inputKind: _dropped, ...withoutKind } = run;
    srv.route(`GET /api/v1/runs/${run.id}`, ok({ ...withoutKind, status: "paused" }));
    const res = await cli(ci("--token", "t"));
    expect(res.code).toBe(2);
    expect(lastLine(res.stderr)).toMatch(
      new RegExp(
        `^wirebench: server's answer to GET /api/v1/runs/${run.id} does not match the Wirebench API contract \\(status: Invalid option: .*\\); is the server another version\\?$`,
      ),
    );
    expect(res.stderr).not.toMatch(/TypeError|at .*\.ts:\d+/);
  });

  it("exits 2 when the comparison is not JSON at all (a proxy's error page)", async () => {
    srv.route(`GET /api/v1/runs/${run.id}/comparison`, () => ({ status: 200, body: "<html>gateway</html>" }));
    const res = await cli(ci("--token", "t"));
    expect(res.code).toBe(2);
    expect(lastLine(res.stderr)).toBe(
      `wirebench: server answered 200 to GET /api/v1/runs/${run.id}/comparison? with something that is not JSON: <html>gateway</html>`,
    );
  });
});
