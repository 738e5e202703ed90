import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RuntimeDefinition, SchemaForRuntime } from "../runtime-definition.ts";
import { generateCapnpGo } from "./go-capnp.ts";
import { generateColferGo } from "./go-colfer.ts";
import { generateFlatbuffersGo } from "./go-flatbuffers.ts";
import { goFormats } from "./go-formats.ts";
import { generateThriftGo } from "./go-thrift.ts";

/**
 * The Go runtime (packages/runtimes/go): one static binary per schema. Generated Protobuf code (and
 * FlatBuffers', Cap'n Proto's and Thrift's, go-*.ts) must be compiled in, so `generate` runs protoc-gen-go and `go build`s a binary of its own into the
 * cached folder; runs without Protobuf use the schema-less binary that setup built. Both build
 * offline from the module cache setup filled (`.wirebench/go`), with the versions go.sum pins.
 */

const exec = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
export const goModuleDir = join(root, "packages", "runtimes", "go");
export const goHome = join(root, ".wirebench", "go");
const defaultBinary = join(goHome, "bin", "wirebench-go");
const protocGenGo = join(goHome, "bin", "protoc-gen-go");
const protocGenVtproto = join(goHome, "bin", "protoc-gen-go-vtproto");
const capnpcGo = join(goHome, "bin", "capnpc-go");
const colf = join(goHome, "bin", "colf");
const binaryName = "wirebench-go";

/** The Go environment of setup and every build: caches under .wirebench/go, no network, no toolchain switch. */
export function goEnv(offline = true): Record<string, string> {
  return {
    GOMODCACHE: join(goHome, "mod"),
    GOCACHE: join(goHome, "cache"),
    GOBIN: join(goHome, "bin"),
    GOTOOLCHAIN: "local",
    GOWORK: "off",
    GOFLAGS: "-mod=mod -buildvcs=false",
    ...(offline ? { GOPROXY: "off" } : {}),
  };
}

/** Every Go source and the module files: a change to any makes cached per-schema binaries stale. */
function childSourcesHash(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory() && e.name !== "testdata") walk(p);
      else if (/\.go$|^go\.(mod|sum)$/.test(e.name) && !e.name.endsWith("_test.go")) {
        h.update(relative(goModuleDir, p));
        h.update(readFileSync(p));
      }
    }
  };
  if (existsSync(goModuleDir)) walk(goModuleDir);
  // The generators of the glue packages (this folder's go*.ts) change what a cached folder holds too.
  const here = dirname(fileURLToPath(import.meta.url));
  for (const f of readdirSync(here)
    .filter((n) => /^go.*\.ts$/.test(n))
    .sort())
    h.update(readFileSync(join(here, f)));
  return h.digest("hex").slice(0, 16);
}

/** go-capnp's std folder (go.capnp, for the annotations capnpc-go needs), in the module cache setup filled. */
const goCapnpStd = join(
  goHome,
  "mod",
  "capnproto.org",
  "go",
  "capnp",
  `v3@${moduleVersion("capnproto.org/go/capnp/v3")}`,
  "std",
);

/** A module's version as go.mod pins it (also its generator's: protoc-gen-go, protoc-gen-go-vtproto). */
function moduleVersion(module: string): string {
  const file = join(goModuleDir, "go.mod");
  const mod = existsSync(file) ? readFileSync(file, "utf8") : "";
  const line = mod.split("\n").find((l) => l.trim().startsWith(`${module} v`));
  return line?.trim().split(/\s+/)[1] ?? "unknown";
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `.proto` files a schema imports from its own folder (well-known types come with the protobuf module). */
function localImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(/^\s*import\s+(?:public\s+|weak\s+)?"([^"]+)"\s*;/gm)) {
    const dep = join(dirname(file), m[1] as string);
    if (existsSync(dep)) localImports(dep, seen);
  }
  return [...seen];
}

/** Writes `<module>/pb` (protoc-gen-go's and protoc-gen-go-vtproto's code); returns its import path. */
async function generateProtobuf(
  schema: SchemaForRuntime,
  outDir: string,
  module: string,
  signal: AbortSignal,
): Promise<string> {
  const include = dirname(schema.file);
  const files = localImports(schema.file).map((f) => relative(include, f));
  const pkg = join(outDir, "pb");
  await mkdir(pkg, { recursive: true });
  // M options put every file of the schema into one Go package, whatever go_package it names.
  const mapping = files.flatMap((f) => [
    `--go_opt=M${f}=${module}/pb;pb`,
    `--go-vtproto_opt=M${f}=${module}/pb;pb`,
  ]);
  await exec(
    "protoc",
    [
      `--plugin=protoc-gen-go=${protocGenGo}`,
      `--plugin=protoc-gen-go-vtproto=${protocGenVtproto}`,
      `-I${include}`,
      "-I/usr/include",
      `--go_out=${pkg}`,
      "--go_opt=paths=source_relative",
      // vtprotobuf's reflection-free Marshal/Unmarshal methods on the same types (the vtprotobuf format).
      `--go-vtproto_out=${pkg}`,
      "--go-vtproto_opt=paths=source_relative,features=marshal+unmarshal+size",
      ...mapping,
      ...files,
    ],
    { signal, maxBuffer: 16 << 20 },
  );
  // Its init registers the messages in protoregistry, where the protobuf adapter finds them.
  return `${module}/pb`;
}

/** What a generated folder holds: the packages a binary of it imports for their init. */
interface GoGenerated {
  packages: string[];
}
const generatedNote = "go-packages.json";
const gomod = (module: string, extra = "") =>
  `module ${module}\n\ngo 1.24\n\nrequire wirebench/runtimes/go v0.0.0\n${extra}\nreplace wirebench/runtimes/go => ${goModuleDir}\n`;

/** The child with `packages` blank-imported (their init registers the generated code), built into `dir`. */
async function buildChild(
  dir: string,
  module: string,
  packages: string[],
  extra: string,
  signal: AbortSignal,
) {
  // A module of its own that requires the child's module from its folder, with the child's go.sum:
  // it builds offline from the module cache.
  writeFileSync(join(dir, "go.mod"), gomod(module, extra));
  writeFileSync(join(dir, "go.sum"), readFileSync(join(goModuleDir, "go.sum")));
  const imports = packages.map((p) => `\t_ "${p}"\n`).join("");
  writeFileSync(
    join(dir, "main.go"),
    `// Generated by Wirebench: the Go child with generated code compiled in.\npackage main\n\nimport (\n\t_ "wirebench/runtimes/go/adapters"\n\t"wirebench/runtimes/go/child"\n${imports})\n\nfunc main() { child.Main() }\n`,
  );
  await exec("go", ["build", "-o", join(dir, binaryName), "."], {
    cwd: dir,
    env: { ...process.env, ...goEnv() },
    signal,
    maxBuffer: 16 << 20,
  }).catch((err) => {
    const e = err as { stderr?: string; message: string };
    const tail = (e.stderr || e.message).trim().split("\n").slice(-30).join("\n");
    throw new Error(`go build of the per-schema Go child failed:\n${tail}`);
  });
}

/** A generated folder's module path (folders are named by their schema's hash, so each is distinct). */
const moduleOf = (dir: string) => `wirebenchgen/${basename(dir).replace(/[^A-Za-z0-9._-]/g, "_")}`;
const ownDirs = (dirs: string[]) => dirs.filter((d) => existsSync(join(d, generatedNote)));
const packagesOf = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, generatedNote), "utf8")) as GoGenerated).packages;

/** Where the binary of several generated folders together lives (by their names: schema hashes). */
function combinedDir(dirs: string[]): string {
  const key = createHash("sha256")
    .update(
      dirs
        .map((d) => basename(d))
        .sort()
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 32);
  return join(goHome, "combined", key);
}

/** The binary a run uses: one folder's own, the combined one of several, or none (schema-less). */
function binaryFor(generatedDirs: string[]): string | undefined {
  const dirs = ownDirs(generatedDirs);
  if (dirs.length === 0) return undefined;
  if (dirs.length === 1) return join(dirs[0] as string, binaryName);
  return join(combinedDir(dirs), binaryName);
}

/** One binary of every generated folder of the run (a run of protobuf and flatbuffers needs both). */
async function linkGo(generatedDirs: string[], signal: AbortSignal): Promise<void> {
  const dirs = ownDirs(generatedDirs);
  if (dirs.length < 2) return;
  const out = combinedDir(dirs);
  if (executable(join(out, binaryName))) return;
  await mkdir(out, { recursive: true });
  const requires = dirs
    .map((d) => `require ${moduleOf(d)} v0.0.0\nreplace ${moduleOf(d)} => ${d}\n`)
    .join("");
  await buildChild(out, "wirebenchgen/combined", dirs.flatMap(packagesOf), requires, signal);
}

export const goRuntime: RuntimeDefinition = {
  id: "go",
  formats: goFormats,
  async detect() {
    let version: string;
    try {
      const { stdout } = await exec("go", ["version"], { env: { ...process.env, GOTOOLCHAIN: "local" } });
      version = stdout.trim().split(" ")[2] ?? stdout.trim();
    } catch {
      return { available: false, reason: "go not on PATH; install Go 1.24+ and run `npm run setup`" };
    }
    if (![defaultBinary, protocGenGo, protocGenVtproto, capnpcGo, colf].every(executable))
      return { available: false, version, reason: "the Go child is not built; run `npm run setup`" };
    return { available: true, version };
  },
  async generate(schema, outDir, signal) {
    // goavro reads the .avsc at run time; Protobuf, FlatBuffers, Cap'n Proto, Thrift and Colfer need code compiled in.
    if (schema.idl === "avsc") return;
    await mkdir(outDir, { recursive: true });
    const module = moduleOf(outDir);
    const pkg =
      schema.idl === "proto"
        ? await generateProtobuf(schema, outDir, module, signal)
        : schema.idl === "fbs"
          ? await generateFlatbuffersGo(schema, outDir, module, signal)
          : schema.idl === "thrift"
            ? await generateThriftGo(schema, outDir, module, signal)
            : schema.idl === "colf"
              ? await generateColferGo(
                  schema,
                  outDir,
                  module,
                  { path: colf, version: moduleVersion("github.com/pascaldekloe/colfer") },
                  signal,
                )
              : await generateCapnpGo(schema, outDir, module, { capnpcGo, goCapnpStd }, signal);
    await buildChild(outDir, module, [pkg], "", signal);
    const note: GoGenerated = { packages: [pkg] };
    writeFileSync(join(outDir, generatedNote), JSON.stringify(note));
  },
  link: linkGo,
  generatorVersion: `thrift --gen go 0.17, flatc 2.0.8, capnpc-go ${moduleVersion("capnproto.org/go/capnp/v3")}, colf ${moduleVersion("github.com/pascaldekloe/colfer")}, protoc-gen-go ${moduleVersion("google.golang.org/protobuf")}, protoc-gen-go-vtproto ${moduleVersion("github.com/planetscale/vtprotobuf")}, child ${childSourcesHash()}`,
  command(generatedDirs) {
    const built = binaryFor(generatedDirs);
    return { cmd: built && executable(built) ? built : defaultBinary, args: [] };
  },
};
