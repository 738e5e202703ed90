import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Availability, RuntimeDefinition, SchemaForRuntime } from "../runtime-definition.ts";
import { pythonFormats } from "./python-formats.ts";

/**
 * The Python runtime (packages/runtimes/python): CPython with the libraries its requirements.lock
 * pins, in the virtual environment its setup.mjs makes (`.wirebench/runtimes-python`). Protobuf
 * needs code from `protoc --python_out` and Thrift from `thrift --gen py`; the other formats read
 * their schema (if any) at run time.
 */

const exec = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
/** The virtual environment packages/runtimes/python/setup.mjs makes. */
export const pythonEnv = join(root, ".wirebench", "runtimes-python");
export const pythonChild = join(root, "packages", "runtimes", "python", "child.py");

/**
 * Every library the child imports but `thrift`: detect fails with the import error when one is
 * missing. An environment set up before thrift was pinned still measures the rest, and the Thrift
 * entries fail with the import error until `npm run setup` installs it.
 */
const imports =
  "import google.protobuf, fastavro, msgpack, cbor2, orjson, flatbuffers, capnp, json, platform";

/** protoc's own `--python_out` names the module after the file: `a-b.proto` → `a_b_pb2.py`. */
async function protoc(schema: SchemaForRuntime, outDir: string, signal: AbortSignal): Promise<void> {
  try {
    await exec(
      "protoc",
      [`--proto_path=${dirname(schema.file)}`, `--python_out=${outDir}`, basename(schema.file)],
      {
        signal,
        timeout: 120_000,
      },
    );
  } catch (err) {
    const e = err as Error & { stderr?: string; code?: string };
    if (e.code === "ENOENT") throw new Error("protoc not on PATH (apt-get install protobuf-compiler)");
    throw new Error(`protoc --python_out failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** `flatc --python --gen-object-api`: one module per table, in a package per namespace part. */
async function flatc(schema: SchemaForRuntime, outDir: string, signal: AbortSignal): Promise<void> {
  try {
    await exec("flatc", ["--python", "--gen-object-api", "-o", outDir, schema.file], {
      signal,
      timeout: 120_000,
    });
  } catch (err) {
    const e = err as Error & { stderr?: string; stdout?: string; code?: string };
    if (e.code === "ENOENT") throw new Error("flatc not on PATH (apt-get install flatbuffers-compiler)");
    throw new Error(`flatc --python failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

/** `thrift --gen py` writes a package named after the file (or its `namespace py`) under `outDir`. */
async function thriftPy(schema: SchemaForRuntime, outDir: string, signal: AbortSignal): Promise<void> {
  try {
    await exec("thrift", ["--gen", "py", "-out", outDir, schema.file], { signal, timeout: 120_000 });
  } catch (err) {
    const e = err as Error & { stderr?: string; code?: string };
    if (e.code === "ENOENT") throw new Error("thrift not on PATH (apt-get install thrift-compiler)");
    throw new Error(`thrift --gen py failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** The runtime on the environment at `env` (tests point it at a folder with no Python to see it unavailable). */
export function createPythonRuntime(env = pythonEnv): RuntimeDefinition {
  const pythonBin = join(env, "bin", "python");
  return {
    id: "python",
    formats: pythonFormats,
    async detect(): Promise<Availability> {
      if (!existsSync(pythonBin)) {
        return {
          available: false,
          reason: `the Python runtime is not set up (no ${pythonBin}): run \`npm run setup\` with python3 and its venv module installed`,
        };
      }
      try {
        const { stdout } = await exec(
          pythonBin,
          ["-I", "-c", `${imports}; print(platform.python_version())`],
          {
            timeout: 60_000,
          },
        );
        return { available: true, version: `Python ${stdout.trim()}` };
      } catch (err) {
        const e = err as Error & { stderr?: string };
        const last = (e.stderr || e.message).trim().split("\n").at(-1);
        return {
          available: false,
          reason: `the Python runtime's libraries do not import (${last}): run \`npm run setup\``,
        };
      }
    },
    async generate(schema, outDir, signal) {
      // fastavro parses the .avsc itself; Protobuf, FlatBuffers and Thrift have generated code in Python.
      if (schema.idl === "proto") await protoc(schema, outDir, signal);
      if (schema.idl === "fbs") await flatc(schema, outDir, signal);
      if (schema.idl === "thrift") await thriftPy(schema, outDir, signal);
    },
    generatorVersion: "protoc-python-1, flatc 2.0.8 --python, thrift --gen py 0.17",
    command() {
      // -I: no PYTHONPATH, no user site-packages, so exactly the venv's pinned libraries run;
      // -B: no __pycache__ written into the source tree or the shared generated-code cache.
      return { cmd: pythonBin, args: ["-I", "-B", pythonChild] };
    },
  };
}

export const pythonRuntime = createPythonRuntime();
