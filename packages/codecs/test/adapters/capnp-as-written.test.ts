import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { idlIncludeDir } from "@wirebench/idl-compilers";
import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../schemas/test/fixtures/idl/capnp/${name}`, import.meta.url));

/** Cap'n Proto's own tool: `encode` turns its text format into a message, `decode` a message into text. */
const capnpTool = (
  command: "encode" | "decode",
  schema: string,
  root: string,
  input: string | Buffer,
  packed: boolean,
) =>
  execFileSync(
    "capnp",
    [command, ...(packed ? ["--packed"] : []), `-I${idlIncludeDir}`, fixture(schema), root],
    {
      input,
    },
  );

/** The size of the message Cap'n Proto's own tool encodes from the same data in its text format. */
const capnpEncodeSize = (schema: string, root: string, text: string, packed: boolean) =>
  capnpTool("encode", schema, root, text, packed).length;

async function measure(schema: string, document: string, rootType: string) {
  const dataset = loadDataset({
    text: readFileSync(fixture(document), "utf8"),
    schema: { kind: "capnp", text: readFileSync(fixture(schema), "utf8"), rootType },
  });
  const r = await runComparison(dataset, { verifyOnly: true, formats: ["capnp", "capnp-packed"] });
  return new Map<string, FormatResult>(r.formats.map((f) => [f.id as string, f]));
}

describe("Cap'n Proto measures the user's .capnp as written", () => {
  it("addressbook.capnp: the bytes capnp encode gives, with its named union, Void member and nested enum", async () => {
    const got = await measure("addressbook.capnp", "addressbook.json", "AddressBook");
    // addressbook.json in Cap'n Proto's text format.
    const text =
      '(people = [(id = 123, name = "Alice", email = "alice@example.com", phones = [(number = "555-1212", type = mobile)], employment = (school = "MIT")), ' +
      '(id = 456, name = "Bob", email = "bob@example.com", phones = [(number = "555-4567", type = home), (number = "555-7654", type = work)], employment = (unemployed = void))])';
    for (const [id, packed] of [
      ["capnp", false],
      ["capnp-packed", true],
    ] as const) {
      const f = got.get(id)!;
      expect(f.ok, `${id}: ${f.error}`).toBe(true);
      expect(f.notes?.join("\n")).toMatch(/measured with the \.capnp as written/);
      expect(f.fidelity.issues, id).toEqual([]);
      expect(f.bytes, id).toBe(capnpEncodeSize("addressbook.capnp", "AddressBook", text, packed));
    }
  });

  it("a Void union member other than the first (selfEmployed) is the one set: capnp encode's bytes, read back as it", async () => {
    const people = [
      { id: 0, name: "Dave", email: "d@x", phones: [], employment: { selfEmployed: null } },
      { id: 1, name: "Eve", email: "e@x", phones: [], employment: { unemployed: null } },
    ];
    const dataset = loadDataset({
      text: JSON.stringify({ people }),
      schema: {
        kind: "capnp",
        text: readFileSync(fixture("addressbook.capnp"), "utf8"),
        rootType: "AddressBook",
      },
    });
    const r = await runComparison(dataset, { verifyOnly: true, formats: ["capnp", "capnp-packed"] });
    const text =
      '(people = [(id = 0, name = "Dave", email = "d@x", phones = [], employment = (selfEmployed = void)), ' +
      '(id = 1, name = "Eve", email = "e@x", phones = [], employment = (unemployed = void))])';
    for (const f of r.formats) {
      const packed = f.id === "capnp-packed";
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      // Reading the bytes back must name the same member: a discriminant left at 0 reads as unemployed.
      expect(f.fidelity.issues, f.id).toEqual([]);
      const ours = Buffer.from(f.firstMessage?.base64 ?? "", "base64");
      const reference = capnpTool("encode", "addressbook.capnp", "AddressBook", text, packed);
      expect(ours.toString("hex"), f.id).toBe(reference.toString("hex"));
      const decoded = capnpTool("decode", "addressbook.capnp", "AddressBook", ours, packed).toString();
      expect(decoded).toMatch(/name = "Dave"[^)]*employment = \(selfEmployed = void\)/);
      expect(decoded).toMatch(/name = "Eve"[^)]*employment = \(unemployed = void\)/);
    }
  });

  it("eval.capnp's EvaluationResult: 24 bytes unpacked and 9 packed, worked by hand", async () => {
    // Unpacked: segment table (8) + root pointer (8) + one data word holding the Int32 (8) = 24.
    // Packed: each word is a tag byte plus its non-zero bytes: table 1+1, pointer 1+1, data 1+4 = 9.
    const got = await measure("eval.capnp", "eval.json", "EvaluationResult");
    expect(got.get("capnp")?.bytes).toBe(24);
    expect(got.get("capnp-packed")?.bytes).toBe(9);
    expect(got.get("capnp")?.fidelity.issues).toEqual([]);
  });
});
