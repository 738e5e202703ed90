import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isUnsupported, loadAdapter, registry } from "@wirebench/codecs/runtime-bridge";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { shapeInput } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

// The `flatbuffers` and `capnp` input shapes (src/inputs/idl-binary.ts): Node's own bytes, one base64
// line per message, checked against the official compilers' decoders (flatc, capnp decode).

const scratch = () => scratchDir("wb-idl-binary-");
const lines = (file: string) => readFileSync(file, "utf8").split("\n").slice(0, -1);

/** What Node's registry entry (the adapter Node measures with) encodes and reads back for the dataset. */
async function nodeSide(id: string) {
  const entry = registry.find((e) => e.id === id);
  if (!entry) throw new Error(`no registry entry ${id}`);
  const codec = await (await loadAdapter(entry)).prepare(addressBook(), { workDir: scratch() });
  if (isUnsupported(codec)) throw new Error(`${id} does not support AddressBook: ${codec.unsupported}`);
  const bytes = codec.inputs.map((m) => codec.encode(m));
  return {
    lines: bytes.map((b) => Buffer.from(b).toString("base64")),
    plain: bytes.map((b) => codec.toPlain?.(codec.decode(b))),
  };
}

describe("binary IDL input shapes", () => {
  it("flatbuffers: Node's FlatBuffers bytes per line, which flatc reads with the .fbs beside them", async () => {
    const book = addressBook();
    const dir = scratch();
    const input = await shapeInput(book, "flatbuffers", dir);
    const text = lines(input.file);
    expect(text).toHaveLength(book.messages.length);
    const node = await nodeSide("flatbuffers");
    expect(text).toEqual(node.lines);
    expect(input.schema).toMatchObject({ idl: "fbs", rootType: "AddressBook" });
    const bin = join(dir, "m0.bin");
    writeFileSync(bin, Buffer.from(text[0] as string, "base64"));
    execFileSync("flatc", [
      "--json",
      "--strict-json",
      "--raw-binary",
      "-o",
      dir,
      input.schema?.file as string,
      "--",
      bin,
    ]);
    const json = JSON.parse(readFileSync(join(dir, "m0.json"), "utf8"));
    expect(json.people[0]).toMatchObject({ name: "Alice Example", phones: [{ number: "555-4321" }, {}] });
    // Read back as Node reads its own bytes (FlatBuffers and Cap'n Proto have no "absent" for a
    // proto3 default, so neither round trip of AddressBook is exact in Node either).
    expect(input.toPlain(text)).toEqual(node.plain);
  });

  it("capnp: Node's unpacked Cap'n Proto bytes per line, which capnp decode reads", async () => {
    const book = addressBook();
    const dir = scratch();
    const input = await shapeInput(book, "capnp", dir);
    const text = lines(input.file);
    const node = await nodeSide("capnp");
    expect(text).toEqual(node.lines);
    expect(input.schema).toMatchObject({ idl: "capnp", rootType: "AddressBook" });
    const decoded = execFileSync(
      "capnp",
      ["decode", "--short", input.schema?.file as string, "AddressBook"],
      {
        input: Buffer.from(text[1] as string, "base64"),
      },
    ).toString();
    expect(decoded).toContain('name = "Carol"');
    // Read back as Node reads its own bytes (FlatBuffers and Cap'n Proto have no "absent" for a
    // proto3 default, so neither round trip of AddressBook is exact in Node either).
    expect(input.toPlain(text)).toEqual(node.plain);
  });

  it("a decoded value that is not base64 text is a clear error", async () => {
    const input = await shapeInput(addressBook(), "capnp", scratch());
    expect(() => input.toPlain([{ people: [] }])).toThrow(/decoded message 0 is not base64 text/);
    expect(() => input.toPlain(["AAAA"])).toThrow(/decoded message 0 does not read back/);
  });
});
