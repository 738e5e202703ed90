import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SchemaImportError } from "@wirebench/schemas";

/**
 * How long one schema compiler run may take while importing a schema, in milliseconds. A user's
 * schema is small; a compiler still running after this is stopped and the schema refused.
 */
export const compileTimeoutMs = 20_000;

// Not `new URL("./idl-includes/", import.meta.url)`: bundlers (the web app's) treat that as an asset
// import of a folder and fail the build.
const includes = join(dirname(fileURLToPath(import.meta.url)), "idl-includes");

/**
 * The compilers understand their IDL better than any parser of ours, so .thrift, .fbs and .capnp
 * schemas are imported from what thrift, flatc and capnp make of them. That part runs here rather than in
 * @wirebench/schemas, which does no I/O: the importers there take the compilers' output. Runs are
 * synchronous (a small schema compiles in milliseconds) so that importing a schema stays one call for
 * the CLI, the worker and the web's input check. The schema sits in a temporary folder as
 * `schema.<ext>`, so compiler messages name that file rather than a temporary path.
 */
function compile(
  ext: string,
  text: string,
  run: (dir: string, file: string) => Buffer,
  compiler: { cmd: string; debianPackage: string },
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "wirebench-idl-"));
  try {
    writeFileSync(join(dir, `schema.${ext}`), text);
    return run(dir, `schema.${ext}`);
  } catch (err) {
    const e = err as { code?: string; stderr?: Buffer; stdout?: Buffer; signal?: string };
    if (e.code === "ENOENT")
      throw new Error(`${compiler.cmd} is not installed (Debian package ${compiler.debianPackage})`);
    if (e.signal)
      throw new SchemaImportError(`.${ext}: ${compiler.cmd} took longer than ${compileTimeoutMs} ms`);
    // Compilers print the schema's absolute path: name it as the user's schema file instead.
    const out = `${e.stderr?.toString("utf8") ?? ""}\n${e.stdout?.toString("utf8") ?? ""}`.replaceAll(
      `${dir}/`,
      "",
    );
    const lines = out.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("[WARNING"));
    if (lines.length === 0) lines.push(String(err));
    throw new SchemaImportError(`.${ext} does not compile: ${lines.slice(0, 3).join(" | ")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const exec = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, {
    cwd,
    // capnp warns when PWD is not the folder it runs in.
    env: { ...process.env, PWD: cwd },
    timeout: compileTimeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });

/**
 * `include` cannot be resolved from one uploaded file; refused by name before flatc says it less
 * plainly. Matches only at a line start outside comments, as flatc's grammar puts includes first.
 */
function refuseIncludes(text: string, pattern: RegExp, idl: string, allowed: (path: string) => boolean) {
  for (const m of text.matchAll(pattern)) {
    const path = m[1] as string;
    if (!allowed(path))
      throw new SchemaImportError(
        `${idl} imports "${path}", which cannot be loaded: give one self-contained file`,
      );
  }
}

/** The Apache Thrift compiler's description of a .thrift file (`thrift --gen xml`). */
export function thriftXml(text: string): string {
  refuseIncludes(text, /^\s*include\s+"([^"]*)"/gm, ".thrift", () => false);
  return compile(
    "thrift",
    text,
    (dir, file) => {
      exec("thrift", ["--gen", "xml", "-out", dir, file], dir);
      return readFileSync(join(dir, "schema.xml"));
    },
    { cmd: "thrift", debianPackage: "thrift-compiler" },
  ).toString("utf8");
}

/** flatc's reflection of a .fbs file (`flatc -b --schema`), printed as JSON through reflection.fbs. */
export function fbsReflectionJson(text: string): string {
  refuseIncludes(text, /^\s*include\s+"([^"]*)"/gm, ".fbs", () => false);
  const flatc = { cmd: "flatc", debianPackage: "flatbuffers-compiler" };
  return compile(
    "fbs",
    text,
    (dir, file) => {
      exec("flatc", ["-b", "--schema", file], dir);
      exec(
        "flatc",
        ["--json", "--strict-json", "--raw-binary", join(includes, "reflection.fbs"), "--", "schema.bfbs"],
        dir,
      );
      return readFileSync(join(dir, "schema.json"));
    },
    flatc,
  ).toString("utf8");
}

/** Annotation-only files a .capnp may import: they name generated code and carry no data. */
const capnpAnnotations = new Set(["/capnp/c++.capnp", "/go.capnp"]);

/**
 * capnp's CodeGeneratorRequest for a .capnp file (`capnp compile -o-`). Only the language
 * annotations `/capnp/c++.capnp` and `/go.capnp` may be imported (vendored: Debian's capnproto lacks
 * them, and go-capnp documents `/go.capnp` as the path to put its file at).
 */
export function capnpCodeGeneratorRequest(text: string): Uint8Array {
  refuseIncludes(text, /\bimport\s+"([^"]*)"/g, ".capnp", (p) => capnpAnnotations.has(p));
  const bytes = compile(
    "capnp",
    text,
    (dir, file) => exec("capnp", ["compile", "--no-standard-import", `-I${includes}`, "-o-", file], dir),
    { cmd: "capnp", debianPackage: "capnproto" },
  );
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The folder of vendored IDL files code generation passes to capnp (`-I`). */
export const idlIncludeDir = includes;
