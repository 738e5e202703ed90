import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { basename, delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Availability, RuntimeDefinition, SchemaForRuntime } from "../runtime-definition.ts";
import { adaptFlatcJava } from "./java-flatbuffers.ts";
import { javaFormats } from "./java-formats.ts";

/**
 * The Java runtime (packages/runtimes/java/): a Maven-built harness on OpenJDK 17+ with protobuf-java,
 * Apache Avro, Jackson (JSON, CBOR, Smile, MessagePack), FlatBuffers, Apache Thrift (libthrift), Kryo and Apache Fory. `npm run setup` builds it
 * (java/setup.mjs); generated Protobuf classes come from `protoc --java_out` compiled with `javac`.
 */

const javaDir = fileURLToPath(new URL("../../java/", import.meta.url));
/** The harness jar and its libraries, as `mvn package` (java/setup.mjs) leaves them. */
export const javaHarnessJar = join(javaDir, "target", "wirebench-java.jar");
export const javaLibDir = join(javaDir, "target", "lib");
/** Folder of a generated dir holding javac's classes (the harness looks there: GeneratedMessages.java). */
const classesDir = "classes";
/** Where Debian's libprotobuf-dev puts google/protobuf/*.proto (Timestamp and the other well-known types). */
const protoIncludes = "/usr/include";

/**
 * Heap cap of each Java child, MB (`-Xmx`), or none: the JVM's own default (a quarter of the RAM), as
 * JMH's forks run. A 1 GB cap ran protobuf-java's encode ~5 % faster than the default heap (fastest
 * samples 226 ns against 236–246 ns, under the same load), and JMH measures with the default. Env
 * `WIREBENCH_JAVA_HEAP_MB`; a dataset too big for it then fails that format with an OutOfMemoryError.
 */
export const javaHeapMb = (): number | undefined => {
  const raw = process.env.WIREBENCH_JAVA_HEAP_MB;
  if (raw === undefined || raw.trim() === "") return undefined;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 64)
    throw new Error(`WIREBENCH_JAVA_HEAP_MB must be an integer ≥ 64, got ${raw}`);
  return v;
};

/** Longest protoc or javac may take on one schema before it is stopped, ms. */
export const javaGenerateTimeoutMs = 120_000;

export const javaRuntime: RuntimeDefinition = {
  id: "java",
  formats: javaFormats,

  async detect(): Promise<Availability> {
    let version: string;
    try {
      // `java -version` writes to stderr: `openjdk version "17.0.15" 2025-04-15`.
      const { stderr } = await exec("java", ["-version"], 30_000);
      version = stderr.split("\n")[0]?.trim() ?? "java";
    } catch (err) {
      return { available: false, reason: `java not usable (${(err as Error).message}); install OpenJDK 17+` };
    }
    if (!existsSync(javaHarnessJar) || !existsSync(javaLibDir))
      return {
        available: false,
        version,
        reason: "the Java harness is not built: run `npm run setup` (needs Maven, `mvn`)",
      };
    return { available: true, version };
  },

  generatorVersion:
    "protoc --java_out 3.21, flatc --java --gen-object-api 2.0.8, thrift --gen java 0.17 + javac --release 17 v3",

  async generate(schema: SchemaForRuntime, outDir: string, signal: AbortSignal): Promise<void> {
    // Avro is read with the generic API from the .avsc itself: no code to generate.
    if (schema.idl !== "proto" && schema.idl !== "fbs" && schema.idl !== "thrift") return;
    const src = join(outDir, "src");
    const classes = join(outDir, classesDir);
    mkdirSync(src, { recursive: true });
    mkdirSync(classes, { recursive: true });
    if (schema.idl === "proto") {
      const includes = [dirname(schema.file), ...(existsSync(protoIncludes) ? [protoIncludes] : [])];
      await exec(
        "protoc",
        [`--java_out=${src}`, ...includes.map((i) => `-I${i}`), schema.file],
        javaGenerateTimeoutMs,
        signal,
      );
    } else if (schema.idl === "thrift") {
      // No @javax.annotation.Generated: that annotation's jar is not on the classpath (JDK 11+).
      await exec(
        "thrift",
        ["--gen", "java:generated_annotations=suppress", "-out", src, schema.file],
        javaGenerateTimeoutMs,
        signal,
      );
    } else {
      await exec(
        "flatc",
        ["--java", "--gen-object-api", "-o", src, schema.file],
        javaGenerateTimeoutMs,
        signal,
      );
      adaptFlatcJava(readFileSync(schema.file, "utf8"), schema.rootType, src);
    }
    const sources = javaFiles(src);
    if (sources.length === 0)
      throw new Error(`${schema.idl} code generation wrote no Java file for ${basename(schema.file)}`);
    await exec(
      "javac",
      ["-nowarn", "--release", "17", "-encoding", "UTF-8", "-d", classes, "-cp", classpath([]), ...sources],
      javaGenerateTimeoutMs,
      signal,
    );
  },

  command(generatedDirs: string[]) {
    return {
      cmd: "java",
      args: [...heapArgs(), "-cp", classpath(generatedDirs), "wirebench.harness.Main"],
    };
  },
};

function heapArgs(): string[] {
  const mb = javaHeapMb();
  return mb === undefined ? [] : [`-Xmx${mb}m`];
}

/** The harness jar, its libraries and the compiled classes of each generated dir. */
function classpath(generatedDirs: string[]): string {
  return [javaHarnessJar, join(javaLibDir, "*"), ...generatedDirs.map((d) => join(d, classesDir))].join(
    delimiter,
  );
}

function javaFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".java"))
    .map((f) => join(dir, f));
}

/** Runs a tool; a failure becomes one error naming the tool and quoting the first lines it printed. */
function exec(
  cmd: string,
  args: string[],
  timeout: number,
  signal?: AbortSignal,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      cmd,
      args,
      { timeout, signal, maxBuffer: 16 * 1024 * 1024, encoding: "utf8" },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr });
        const e = err as NodeJS.ErrnoException;
        if (e.code === "ENOENT") return reject(new Error(`${cmd} not found on PATH`));
        const said = `${stderr}\n${stdout}`
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean)
          .slice(0, 5)
          .join(" | ");
        reject(new Error(`${cmd} failed: ${said || e.message}`));
      },
    );
    child.stdin?.end();
  });
}
