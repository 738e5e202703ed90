import { readFileSync } from "node:fs";
import { compareDatasets } from "@wirebench/codecs/runtime-bridge";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { parseLossless, shapeInput } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { contacts, contactsThrift } from "./thrift-contacts.ts";

// The `thriftjson` input shape (src/inputs/thrift-json.ts): Node's Thrift structs in TJSONProtocol,
// one per line, beside the .thrift Node measures with; a child's TJSON read back through Node's adapter.

const scratch = () => scratchDir("wb-thriftjson-");
const lines = (file: string) => readFileSync(file, "utf8").split("\n").slice(0, -1);

describe("thriftjson input shape", () => {
  it("writes the user's own .thrift as written and one TJSON struct per line, every i64 digit kept", async () => {
    const dataset = contacts();
    const input = await shapeInput(dataset, "thriftjson", scratch());
    expect(input.schema).toMatchObject({ idl: "thrift", rootType: "Contact" });
    expect(readFileSync(input.schema?.file as string, "utf8")).toBe(contactsThrift());
    const text = lines(input.file);
    expect(text).toHaveLength(2);
    // Field ids as keys, typed values; the control character escaped so the line is JSON.
    expect(text[0]).toContain('"1":{"i64":9007199254740993}');
    expect(text[0]).toContain('"2":{"str":"Ada \\u0001 \\"Lovelace\\" ✓\\n"}');
    expect(text[0]).toContain('"2":{"i16":12}');
    expect(text[1]).toContain('"1":{"i64":-9223372036854775808}');
    expect(text[1]).toContain('"8":{"i8":-3}');
    const back = input.toPlain(text.map((l) => parseLossless(l)));
    expect(compareDatasets(dataset.messages, back, dataset.schema.root)).toMatchObject({ exact: true });
  });

  it("uses the emitted .thrift for a dataset from a .proto, and reads decoded structs back", async () => {
    const dataset = addressBook();
    const input = await shapeInput(dataset, "thriftjson", scratch());
    expect(readFileSync(input.schema?.file as string, "utf8")).toContain("struct AddressBook {");
    const back = input.toPlain(lines(input.file).map((l) => parseLossless(l)));
    expect(back[0]).toEqual(dataset.messages[0]);
  });

  it("a decoded value that is not a TJSON struct is a clear error", async () => {
    const input = await shapeInput(contacts(), "thriftjson", scratch());
    expect(() => input.toPlain(["AAEC"])).toThrow(/decoded message 0 is not a TJSONProtocol struct/);
    expect(() => input.toPlain([{ "4": { lst: ["rec", 1, { "1": { zzz: 1 } }] } }])).toThrow(
      /decoded message 0 does not read back/,
    );
  });
});
