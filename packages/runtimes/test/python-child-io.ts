import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RuntimeRequest } from "@wirebench/contracts";
import type { RuntimeDefinition } from "../src/runtime-definition.ts";
import { type ChildRun, quickRuntimeSettings, runChildCommand } from "./child-run.ts";

export type { ChildRun };

/**
 * Test helpers of the Python child, written against the protocol alone (docs/polyglot.md): inputs
 * in each shape for the AddressBook model, a request, and a run through the shared child runner
 * (child-run.ts), which answers `ready` with a plan and checks every line the child writes.
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

/** The shared quick settings (child-run.ts). */
export const quick = quickRuntimeSettings;

export function writeJson(dir: string, name: string, value: unknown): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** Runs one child on `request` (a string is written as is); after `ready`, plans `samples` per calibrated operation. */
export function runChild(
  def: RuntimeDefinition,
  request: RuntimeRequest | string,
  samples = 4,
): Promise<ChildRun> {
  return runChildCommand(def.command([]), request, { samples });
}
