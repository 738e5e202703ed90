import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { packageDir } from "../../src/codegen/link-modules.ts";

const register = fileURLToPath(
  new URL("../../src/adapters/capnp/without-typescript/register.mjs", import.meta.url),
);
const capnpEs = packageDir("capnp-es");

describe("capnp-es's compiler without TypeScript", () => {
  it("resolves `typescript` to the stand-in, whose printer returns the text it was given", () => {
    const out = execFileSync(
      process.execPath,
      [
        "--import",
        register,
        "--input-type=module",
        "-e",
        `const ts = (await import("typescript")).default;
         const f = ts.createSourceFile("a.ts", "let a = 1;", ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
         console.log(JSON.stringify({ version: ts.version ?? null, printed: ts.createPrinter().printFile(f) }));`,
      ],
      { encoding: "utf8" },
    );
    expect(JSON.parse(out)).toEqual({ version: null, printed: "let a = 1;" });
  });

  it("still writes a schema's TypeScript with every field's accessors", () => {
    const dir = scratchDir("capnp-no-ts-");
    writeFileSync(
      join(dir, "s.capnp"),
      "@0xbf5147cbbecf40c1;\nstruct Person { name @0 :Text; id @1 :UInt32; tags @2 :List(Text); }\n",
    );
    execFileSync(
      process.execPath,
      ["--import", register, join(capnpEs, "dist", "compiler", "capnpc-js.mjs"), `-ots:${dir}`, "s.capnp"],
      { cwd: dir, stdio: "pipe" },
    );
    const ts = readdirSync(dir).find((f) => f.endsWith(".ts")) as string;
    const code = readFileSync(join(dir, ts), "utf8");
    for (const accessor of ["get name()", "get id()", "get tags()", "set name(", "_initTags("])
      expect(code).toContain(accessor);
  });
});
