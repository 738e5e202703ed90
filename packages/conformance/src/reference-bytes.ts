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

/** Longest a reference tool may take on one job batch (settings: CONFORMANCE_REFERENCE_TIMEOUT_MS). */
export const referenceTimeoutMs = Number(process.env.CONFORMANCE_REFERENCE_TIMEOUT_MS ?? 120_000);

const commandLine = new Set<ReferenceFormat>(["flatbuffers", "capnp", "capnp-packed"]);

/** Encodes every job with its format's reference implementation; a failing job fails alone. */
export function referenceEncodings(jobs: ReferenceJob[]): ReferenceResult[] {
  for (const j of jobs) mkdirSync(j.work, { recursive: true });
  const python = jobs.filter((j) => !commandLine.has(j.format));
  const results = new Map<string, ReferenceResult>();
  const keyOf = (r: { key: string; format: string }) => `${r.key}\u0000${r.format}`;
  for (const r of python.length > 0 ? runPython(python) : []) results.set(keyOf(r), r);
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
    const why = res.error?.message ?? res.stderr.trim().split("\n").pop() ?? `exit ${res.status}`;
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

/** `flatc -b` builds the buffer from the JSON document; `flatc --json` reads both buffers back. */
function flatc(j: ReferenceJob): ReferenceResult {
  const base = { key: j.key, format: j.format };
  if (!j.schema) return { ...base, error: "FlatBuffers needs a schema" };
  const rootArgs = j.root ? ["--root-type", j.root] : [];
  writeFileSync(join(j.work, "reference.json"), j.document);
  const built = tool("flatc", ["-b", ...rootArgs, "-o", j.work, j.schema, join(j.work, "reference.json")]);
  if (built.error) return { ...base, error: built.error };
  const bytes = readFileSync(join(j.work, "reference.bin"));
  if (!j.ours) return { ...base, bytes };
  writeFileSync(join(j.work, "ours.bin"), j.ours);
  const asJson = (name: string) => {
    const r = tool("flatc", [
      "--json",
      "--strict-json",
      "--raw-binary",
      ...rootArgs,
      "-o",
      join(j.work, "json"),
      j.schema as string,
      "--",
      join(j.work, `${name}.bin`),
    ]);
    const file = join(j.work, "json", `${name}.json`);
    return r.error ?? (existsSync(file) ? readFileSync(file, "utf8") : undefined);
  };
  const mine = asJson("reference");
  const theirs = asJson("ours");
  return { ...base, bytes, ...compareDecoded(mine, theirs, "flatc --json") };
}

/** `capnp convert json:binary` (or `json:packed`) builds the message; `binary:json` reads both back. */
function capnp(j: ReferenceJob): ReferenceResult {
  const base = { key: j.key, format: j.format };
  if (!j.schema || !j.root) return { ...base, error: "Cap'n Proto needs a schema and a root struct" };
  const wire = j.format === "capnp-packed" ? "packed" : "binary";
  const built = tool("capnp", ["convert", `json:${wire}`, j.schema, j.root], Buffer.from(j.document));
  if (built.error || !built.out) return { ...base, error: built.error ?? "capnp wrote nothing" };
  if (!j.ours) return { ...base, bytes: built.out };
  const back = (b: Buffer) => {
    const r = tool("capnp", ["convert", `${wire}:json`, "--short", j.schema as string, j.root as string], b);
    return r.error ?? r.out?.toString("utf8");
  };
  return { ...base, bytes: built.out, ...compareDecoded(back(built.out), back(j.ours), "capnp convert") };
}

function compareDecoded(
  mine: string | undefined,
  theirs: string | undefined,
  tool: string,
): Pick<ReferenceResult, "oursEqual" | "oursError"> {
  if (mine === undefined || theirs === undefined) return { oursError: `${tool} wrote nothing` };
  if (theirs.startsWith(`${tool.split(" ")[0]}:`)) return { oursEqual: false, oursError: theirs };
  return { oursEqual: mine === theirs };
}
