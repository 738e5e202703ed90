import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { RuntimeDefinition, SchemaForRuntime } from "../runtime-definition.ts";

/**
 * The Go runtime (packages/runtimes/go): one static binary per schema. Generated Protobuf code must
 * be compiled in, so `generate` runs protoc-gen-go and `go build`s a binary of its own into the
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
  return h.digest("hex").slice(0, 16);
}

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

async function generateProtobuf(
  schema: SchemaForRuntime,
  outDir: string,
  signal: AbortSignal,
): Promise<void> {
  const include = dirname(schema.file);
  const files = localImports(schema.file).map((f) => relative(include, f));
  const pkg = join(outDir, "pb");
  await mkdir(pkg, { recursive: true });
  // M options put every file of the schema into one Go package, whatever go_package it names.
  const mapping = files.flatMap((f) => [
    `--go_opt=M${f}=wirebenchgen/pb;pb`,
    `--go-vtproto_opt=M${f}=wirebenchgen/pb;pb`,
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
  // A module of its own that requires the child's module from its folder, with the child's go.sum:
  // it builds offline from the module cache, and its init registers the messages (protoregistry).
  writeFileSync(
    join(outDir, "go.mod"),
    `module wirebenchgen\n\ngo 1.24\n\nrequire wirebench/runtimes/go v0.0.0\n\nreplace wirebench/runtimes/go => ${goModuleDir}\n`,
  );
  writeFileSync(join(outDir, "go.sum"), readFileSync(join(goModuleDir, "go.sum")));
  writeFileSync(
    join(outDir, "main.go"),
    `// Generated by Wirebench: the Go child with ${basename(schema.file)}'s generated code compiled in.\npackage main\n\nimport (\n\t_ "wirebench/runtimes/go/adapters"\n\t"wirebench/runtimes/go/child"\n\t_ "wirebenchgen/pb"\n)\n\nfunc main() { child.Main() }\n`,
  );
  await exec("go", ["build", "-o", join(outDir, binaryName), "."], {
    cwd: outDir,
    env: { ...process.env, ...goEnv() },
    signal,
    maxBuffer: 16 << 20,
  });
}

export const goRuntime: RuntimeDefinition = {
  id: "go",
  formats: [
    {
      impl: "protobuf",
      format: "protobuf",
      library: "google.golang.org/protobuf (protoc-gen-go)",
      input: "protojson",
    },
    {
      impl: "vtprotobuf",
      format: "protobuf",
      library: "planetscale/vtprotobuf (protoc-gen-go-vtproto)",
      input: "protojson",
    },
    { impl: "goavro", format: "avro", library: "linkedin/goavro", input: "avrojson" },
    { impl: "msgpack", format: "msgpack", library: "vmihailenco/msgpack", input: "data" },
    { impl: "cbor", format: "cbor", library: "fxamacker/cbor", input: "data" },
    { impl: "json", format: "json", library: "encoding/json", input: "data" },
  ],
  async detect() {
    let version: string;
    try {
      const { stdout } = await exec("go", ["version"], { env: { ...process.env, GOTOOLCHAIN: "local" } });
      version = stdout.trim().split(" ")[2] ?? stdout.trim();
    } catch {
      return { available: false, reason: "go not on PATH; install Go 1.24+ and run `npm run setup`" };
    }
    if (![defaultBinary, protocGenGo, protocGenVtproto].every(executable))
      return { available: false, version, reason: "the Go child is not built; run `npm run setup`" };
    return { available: true, version };
  },
  async generate(schema, outDir, signal) {
    // goavro reads the .avsc at run time; only Protobuf needs code compiled in.
    if (schema.idl === "proto") await generateProtobuf(schema, outDir, signal);
  },
  generatorVersion: `protoc-gen-go ${moduleVersion("google.golang.org/protobuf")}, protoc-gen-go-vtproto ${moduleVersion("github.com/planetscale/vtprotobuf")}, child ${childSourcesHash()}`,
  command(generatedDirs) {
    const built = generatedDirs.map((d) => join(d, binaryName)).find(executable);
    return { cmd: built ?? defaultBinary, args: [] };
  },
};
