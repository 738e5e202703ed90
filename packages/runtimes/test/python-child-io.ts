import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ChildMessage,
  childMessageSchema,
  type RuntimeRequest,
  type RuntimeSettings,
} from "@wirebench/contracts";
import type { RuntimeDefinition } from "../src/runtime-definition.ts";

/**
 * Test helpers of the Python child, written against the protocol alone (docs/polyglot.md): inputs
 * in each shape for the AddressBook model, a request, and a run that answers `ready` with a plan and
 * checks every line the child writes with `childMessageSchema`.
 */

const models = fileURLToPath(new URL("../../conformance/data/models/", import.meta.url));
export const addressBookProto = join(models, "addressbook-go.proto");
export const addressBookMessages: Record<string, unknown>[] = readFileSync(
  join(models, "addressbook-go.ndjson"),
  "utf8",
)
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l));

/** The .avsc `wirebench infer --emit avsc` writes for addressbook-go.proto. */
const phone = {
  type: "record",
  name: "PhoneNumber",
  fields: [
    { name: "number", type: "string" },
    { name: "type", type: { type: "enum", name: "PhoneType", symbols: ["MOBILE", "HOME", "WORK"] } },
  ],
};
const person = {
  type: "record",
  name: "Person",
  fields: [
    { name: "name", type: "string" },
    { name: "id", type: "string" },
    { name: "email", type: "string" },
    { name: "phones", type: { type: "array", items: phone } },
    {
      name: "last_updated",
      type: ["null", { type: "long", logicalType: "timestamp-millis" }],
      default: null,
    },
  ],
};
export const addressBookAvsc = {
  namespace: "wirebench",
  type: "record",
  name: "AddressBook",
  fields: [{ name: "people", type: { type: "array", items: person } }],
};

type Person = { name?: string; id?: string; email?: string; phones?: { number: string; type?: string }[] };

/** Avro's JSON encoding of one AddressBook (the ProtoJSON's values, IDL field names, unions wrapped). */
export function toAvroJson(m: Record<string, unknown>): unknown {
  const people = (m.people as (Person & { lastUpdated?: string })[]).map((p) => ({
    name: p.name ?? "",
    id: p.id ?? "",
    email: p.email ?? "",
    phones: (p.phones ?? []).map((ph) => ({ number: ph.number, type: ph.type ?? "MOBILE" })),
    last_updated: p.lastUpdated ? { long: Date.parse(p.lastUpdated) } : null,
  }));
  return { people };
}

export const quick: RuntimeSettings = {
  rounds: 2,
  targetSampleMs: 0.25,
  warmupMinMs: 5,
  warmupMinIterations: 20,
  warmupEnoughMs: 50,
  warmupMaxMs: 100,
  warmupTolerance: 0.1,
};

export function writeJson(dir: string, name: string, value: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

export interface ChildRun {
  messages: ChildMessage[];
  code: number | null;
  stderr: string;
}

/** Runs one child on `request`; after `ready`, plans `samples` per calibrated operation. */
export function runChild(
  def: RuntimeDefinition,
  request: RuntimeRequest | string,
  samples = 4,
): Promise<ChildRun> {
  const { cmd, args, env } = def.command([]);
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
  const messages: ChildMessage[] = [];
  let stderr = "";
  let buffered = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  child.stdout.on("data", (d) => {
    buffered += d;
    for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      // Every line must be a protocol message: parse throws (and fails the test) otherwise.
      const msg = childMessageSchema.parse(JSON.parse(line));
      messages.push(msg);
      if (msg.type === "ready") {
        const plans = messages.flatMap((m) =>
          m.type === "calibrated" ? [{ id: m.id, op: m.op, samples }] : [],
        );
        child.stdin.write(`${JSON.stringify({ type: "plan", plans })}\n`);
      }
    }
  });
  child.stdin.write(`${typeof request === "string" ? request : JSON.stringify(request)}\n`);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ messages, code, stderr }));
  });
}
