import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReferenceFormat } from "./format-rules.ts";
import { pythonPath, referenceScript } from "./python-env.ts";

export interface ReferenceJob {
  key: string;
  format: ReferenceFormat;
  /** The document's JSON text, as the corpus holds it. */
  document: string;
  /** Schema file the reference reads (the user's own, or the one Wirebench emitted). */
  schema?: string;
  root?: string;
  /** A folder of this job's own for generated code and temporary files. */
  work: string;
  /** Wirebench's bytes, which the reference decodes and compares with what it decodes from its own. */
  ours?: Buffer;
  /**
   * Encode what the reference decodes from `ours` instead of the document: for schemas Wirebench
   * emitted (a JSON Schema entry), whose names and shapes differ from the document's.
   */
  reencode?: boolean;
}

export interface ReferenceResult {
  key: string;
  format: ReferenceFormat;
  bytes?: Buffer;
  error?: string;
  /** The encoding has an order the format leaves open (Protobuf map entries). */
  orderFree?: boolean;
  /** The reference decodes Wirebench's bytes to the value it decodes from its own bytes. */
  oursEqual?: boolean;
  oursError?: string;
}

/**
 * Longest one reference call may take: the Python encoders for one document, or one `flatc`/`capnp`
 * run (setting CONFORMANCE_REFERENCE_TIMEOUT_MS).
 */
export const referenceTimeoutMs = Number(process.env.CONFORMANCE_REFERENCE_TIMEOUT_MS ?? 60_000);

const commandLine = new Set<ReferenceFormat>(["flatbuffers", "capnp", "capnp-packed"]);

/** Encodes every job with its format's reference implementation; a failing job fails alone. */
export function referenceEncodings(jobs: ReferenceJob[]): ReferenceResult[] {
  for (const j of jobs) mkdirSync(j.work, { recursive: true });
  const results = new Map<string, ReferenceResult>();
  const keyOf = (r: { key: string; format: string }) => `${r.key}\u0000${r.format}`;
  // One Python process per document: a reference that hangs on one document costs only its rows.
  const byDocument = new Map<string, ReferenceJob[]>();
  for (const j of jobs.filter((x) => !commandLine.has(x.format)))
    byDocument.set(j.key, [...(byDocument.get(j.key) ?? []), j]);
  for (const group of byDocument.values()) for (const r of runPython(group)) results.set(keyOf(r), r);
  for (const j of jobs.filter((x) => commandLine.has(x.format)))
    results.set(keyOf(j), j.format === "flatbuffers" ? flatc(j) : capnp(j));
  return jobs.map(
    (j) => results.get(keyOf(j)) ?? { key: j.key, format: j.format, error: "the reference returned nothing" },
  );
}

interface PythonResult {
  key: string;
  format: ReferenceFormat;
  base64?: string;
  error?: string;
  orderFree?: boolean;
  oursEqual?: boolean;
  oursError?: string;
}

function runPython(jobs: ReferenceJob[]): ReferenceResult[] {
  const input = JSON.stringify(jobs.map((j) => ({ ...j, ours: j.ours?.toString("base64") })));
  const res = spawnSync(pythonPath(), [referenceScript], {
    input,
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
    timeout: referenceTimeoutMs,
  });
  if (res.status !== 0) {
    const timedOut = (res.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT";
    const why = timedOut
      ? `no answer within ${referenceTimeoutMs} ms (CONFORMANCE_REFERENCE_TIMEOUT_MS)`
      : (res.error?.message ?? res.stderr.trim().split("\n").pop() ?? `exit ${res.status}`);
    return jobs.map((j) => ({ key: j.key, format: j.format, error: `reference encoders failed: ${why}` }));
  }
  return (JSON.parse(res.stdout) as PythonResult[]).map(({ base64, ...r }) => ({
    ...r,
    ...(base64 !== undefined ? { bytes: Buffer.from(base64, "base64") } : {}),
  }));
}

function tool(cmd: string, args: string[], input?: Buffer): { out?: Buffer; error?: string } {
  const res = spawnSync(cmd, args, { input, timeout: referenceTimeoutMs, maxBuffer: 512 * 1024 * 1024 });
  if (res.error) return { error: `${cmd}: ${res.error.message}` };
  if (res.status !== 0) {
    const msg = res.stderr.toString().trim().split("\n")[0] || `exit ${res.status}`;
    return { error: `${cmd}: ${msg}` };
  }
  return { out: res.stdout };
}

/**
 * `flatc -b` builds the buffer from the JSON document (re-encoding: from `flatc --json` of Wirebench's
 * buffer); `flatc --json` reads both buffers back. The root is the schema's `root_type` (flatc 2.0.8
 * has no option to name another).
 */
function flatc(j: ReferenceJob): ReferenceResult {
  const base = { key: j.key, format: j.format };
  if (!j.schema) return { ...base, error: "FlatBuffers needs a schema" };
  const schema = j.schema;
  const asJson = (name: string) => {
    const r = tool("flatc", [
      "--json",
      "--strict-json",
      "--raw-binary",
      "-o",
      j.work,
      schema,
      "--",
      join(j.work, `${name}.bin`),
    ]);
    const file = join(j.work, `${name}.json`);
    return r.error
      ? { error: r.error }
      : existsSync(file)
        ? { text: readFileSync(file, "utf8") }
        : { error: "flatc --json wrote nothing" };
  };
  if (j.ours) writeFileSync(join(j.work, "ours.bin"), j.ours);
  const theirs = j.ours ? asJson("ours") : undefined;
  if (j.reencode) {
    if (!theirs?.text) return { ...base, error: `reading ours: ${theirs?.error ?? "no bytes"}` };
    writeFileSync(join(j.work, "reference.json"), theirs.text);
  } else writeFileSync(join(j.work, "reference.json"), j.document);
  const built = tool("flatc", ["-b", "-o", j.work, schema, join(j.work, "reference.json")]);
  if (built.error) return { ...base, error: built.error };
  const bytes = readFileSync(join(j.work, "reference.bin"));
  if (!theirs) return { ...base, bytes };
  if (theirs.error) return { ...base, bytes, oursEqual: false, oursError: theirs.error };
  const mine = asJson("reference");
  if (mine.error) return { ...base, bytes, oursError: `reading its own: ${mine.error}` };
  return { ...base, bytes, oursEqual: mine.text === theirs.text };
}

/**
 * `capnp convert json:binary` (or `json:packed`) builds the message from the document (re-encoding:
 * from `binary:json` of Wirebench's message) in one segment; `binary:json` reads both back.
 */
function capnp(j: ReferenceJob): ReferenceResult {
  const base = { key: j.key, format: j.format };
  if (!j.schema || !j.root) return { ...base, error: "Cap'n Proto needs a schema and a root struct" };
  const [schema, root] = [j.schema, j.root];
  const wire = j.format === "capnp-packed" ? "packed" : "binary";
  const toJson = (b: Buffer) => tool("capnp", ["convert", `${wire}:json`, "--short", schema, root], b);
  const theirs = j.ours ? toJson(j.ours) : undefined;
  let input: Buffer = Buffer.from(j.document);
  if (j.reencode) {
    if (!theirs?.out) return { ...base, error: `reading ours: ${theirs?.error ?? "no bytes"}` };
    input = theirs.out;
  }
  // Without a segment size, capnp's builder grows the message in several segments (a longer segment
  // table, slack words); a first segment larger than any message this JSON can give keeps it in one,
  // as capnp-es writes it.
  const words = input.length + 1024;
  const built = tool("capnp", ["convert", `--segment-size=${words}`, `json:${wire}`, schema, root], input);
  if (built.error || !built.out) return { ...base, error: built.error ?? "capnp wrote nothing" };
  const bytes = built.out;
  if (!theirs) return { ...base, bytes };
  if (theirs.error) return { ...base, bytes, oursEqual: false, oursError: theirs.error };
  const mine = toJson(bytes);
  if (mine.error) return { ...base, bytes, oursError: `reading its own: ${mine.error}` };
  return {
    ...base,
    bytes,
    oursEqual: Buffer.compare(mine.out ?? Buffer.alloc(0), theirs.out ?? Buffer.alloc(0)) === 0,
  };
}
