import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resultSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
const dir = scratchDir("wirebench-schema-");
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// The second record uses the Protobuf JSON name, which a schema-driven read must accept too.
const sample = file(
  "sample.json",
  JSON.stringify([
    { id: 1, name: "ab", last_updated: 5 },
    { id: 2, name: "c", lastUpdated: 300 },
  ]),
);
const proto = file(
  "item.proto",
  'syntax = "proto3";\nmessage Item { int32 id = 1; string name = 2; int64 last_updated = 3; }\n',
);
const avsc = file(
  "item.avsc",
  JSON.stringify({
    type: "record",
    name: "Item",
    fields: [
      { name: "id", type: "int" },
      { name: "name", type: "string" },
      { name: "last_updated", type: "long" },
    ],
  }),
);
const multi = file(
  "shop.proto",
  `syntax = "proto3";
package shop;
message Order { repeated Item items = 1; string note = 2; }
message Item { int32 id = 1; string name = 2; int64 last_updated = 3; }
`,
);

/**
 * Protobuf bytes of the sample, by hand (messages are concatenated without length prefixes):
 * record 1: 08 01 | 12 02 'a' 'b' | 18 05          = 2 + 4 + 2 = 8
 * record 2: 08 02 | 12 01 'c'     | 18 ac 02 (300) = 2 + 3 + 3 = 8
 */
const PROTOBUF_BYTES = 16;
/**
 * Avro binary (zigzag varints, strings length-prefixed):
 * record 1: 02 | 04 'a' 'b' | 0a    = 1 + 3 + 1 = 5
 * record 2: 04 | 02 'c'     | d8 04 = 1 + 2 + 2 = 5
 */
const AVRO_BYTES = 10;

function compareOk(...args: string[]) {
  const out = join(dir, `result-${Math.random().toString(36).slice(2)}.json`);
  const res = cli("compare", ...args, "--quick", "--json", out);
  expect(res.stderr).not.toMatch(/^wirebench: /m);
  expect(res.status).toBe(0);
  return resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
}

// Each case spawns the CLI through tsx plus one measuring child: seconds on a shared machine.
describe("wirebench compare --schema", { timeout: 60_000 }, () => {
  it("reads the sample against a .proto, accepting both key spellings", () => {
    const result = compareOk(sample, "--schema", proto, "--formats", "protobuf,json");
    const pb = result.formats.find((f) => f.id === "protobuf");
    expect(pb?.ok).toBe(true);
    expect(pb?.bytes).toBe(PROTOBUF_BYTES);
    expect(pb?.fidelity.exact).toBe(true);
    // JSON is the user's own text: the camelCase key stays as written, whatever the schema calls it.
    const json = result.formats.find((f) => f.id === "json");
    expect(json?.bytes).toBe(
      JSON.stringify({ id: 1, name: "ab", last_updated: 5 }).length +
        JSON.stringify({ id: 2, name: "c", lastUpdated: 300 }).length,
    );
  });

  it("AddressBook with its .proto: the JSON row is the sample's own 482 minified bytes", () => {
    const fixture = (name: string) =>
      fileURLToPath(new URL(`../../codecs/test/fixtures/${name}`, import.meta.url));
    const sampleText = readFileSync(fixture("addressbook.json"), "utf8");
    const minified = JSON.stringify(JSON.parse(sampleText));
    // The fixture spells every value as JSON.stringify does, so its compact form is its minified text.
    expect(Buffer.byteLength(minified)).toBe(482);
    const result = compareOk(
      fixture("addressbook.json"),
      "--schema",
      fixture("addressbook.proto"),
      "--formats",
      "json,protobuf",
    );
    const json = result.formats.find((f) => f.id === "json");
    expect(json?.bytes).toBe(482);
    // Enum numbers stay numbers in JSON's bytes, though the schema names them for Protobuf.
    expect(Buffer.from(json?.firstMessage?.base64 ?? "", "base64").toString("utf8")).toBe(minified);
    expect(json?.fidelity.exact).toBe(true);
    expect(result.formats.find((f) => f.id === "protobuf")?.fidelity.exact).toBe(true);
  });

  it("reads the same sample against an .avsc", () => {
    const result = compareOk(sample, "--schema", avsc, "--formats", "avro,protobuf");
    const avro = result.formats.find((f) => f.id === "avro");
    expect(avro?.ok).toBe(true);
    expect(avro?.bytes).toBe(AVRO_BYTES);
    // Field numbers come from declaration order, so protobuf matches the .proto case.
    expect(result.formats.find((f) => f.id === "protobuf")?.bytes).toBe(PROTOBUF_BYTES);
  });

  it("a sample that does not follow the schema exits 2 with one line naming the path", () => {
    const bad = file(
      "bad.json",
      JSON.stringify([
        { id: 1, name: "ab" },
        { id: 2, name: 7 },
      ]),
    );
    const res = cli("compare", bad, "--schema", proto, "--formats", "protobuf", "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toBe(
      "wirebench: message 1: the sample does not follow the schema: /name: expected a string, found number 7\n",
    );
  });

  it("a schema that does not parse exits 2 with the parser's message", () => {
    const broken = file("broken.proto", 'syntax = "proto3";\nmessage Item { int32 id = 1\n');
    const res = cli("compare", sample, "--schema", broken, "--formats", "protobuf", "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^wirebench: \.proto does not parse: .*expected.*\n$/);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    const brokenAvsc = file("broken.avsc", '{"type": "record", "name": "Item", "fields": [');
    const avscRes = cli("compare", sample, "--schema", brokenAvsc, "--formats", "avro", "--quick");
    expect(avscRes.status).toBe(2);
    expect(avscRes.stderr).toMatch(/^wirebench: \.avsc does not parse: .+\n$/);
  });
});

describe("wirebench compare --root", { timeout: 60_000 }, () => {
  it("without --root the message no other one uses (Order) is the root, so Item records do not fit", () => {
    const res = cli("compare", sample, "--schema", multi, "--formats", "protobuf", "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^wirebench: message 0: .*no field "id" in Order/);
  });

  it("--root picks the message by short or full name", () => {
    const short = compareOk(sample, "--schema", multi, "--root", "Item", "--formats", "protobuf");
    expect(short.formats[0]?.bytes).toBe(PROTOBUF_BYTES);
    const full = compareOk(sample, "--schema", multi, "--root", "shop.Item", "--formats", "protobuf");
    expect(full.formats[0]?.bytes).toBe(PROTOBUF_BYTES);
  });

  it("an unknown --root exits 2 listing the messages", () => {
    const res = cli("compare", sample, "--schema", multi, "--root", "Nope", "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toBe(
      "wirebench: .proto has no message named Nope; choose from shop.Order, shop.Item\n",
    );
  });

  it("--root without a .proto schema exits 2", () => {
    const res = cli("compare", sample, "--schema", avsc, "--root", "Item", "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toBe(
      "wirebench: a root message can only be chosen in a .proto, .thrift, .fbs or .capnp schema\n",
    );
  });

  it("infer --root starts the tree at the chosen message and lists names when it is unknown", () => {
    const res = cli("infer", multi, "--root", "Item");
    expect(res.status).toBe(0);
    expect(res.stdout.split("\n")[0]).toBe("Item");
    expect(cli("infer", multi).stdout.split("\n")[0]).toBe("Order");
    const bad = cli("infer", multi, "--root", "X");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("wirebench: .proto has no message named X; choose from shop.Order, shop.Item\n");
  });

  it("--help documents --root", () => {
    expect(cli("compare", "--help").stdout).toMatch(
      /--root <type>\s+with a \.proto, \.thrift, \.fbs or\s+\.capnp schema/,
    );
    expect(cli("infer", "--help").stdout).toMatch(
      /--root <type>\s+with a \.proto, \.thrift, \.fbs or\s+\.capnp/,
    );
  });
});
