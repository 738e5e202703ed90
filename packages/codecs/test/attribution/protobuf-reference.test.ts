import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SampleInput } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { type Attributed, attribute, entryOf, samples } from "./attribution-helpers.ts";

const script = fileURLToPath(new URL("./protobuf_field_sizes.py", import.meta.url));
/** The conformance references' Python (`npm test` and `npm run setup` create it). */
const python =
  process.env.CONFORMANCE_PYTHON ??
  fileURLToPath(new URL("../../../../.wirebench/pyenv/bin/python", import.meta.url));

/** Python protobuf's bytes per path (tags, lengths and values of each field, contents of embedded messages apart). */
function reference(input: SampleInput, encoded: Uint8Array[], root: string): Record<string, number> {
  if (!existsSync(python)) throw new Error(`no reference Python at ${python}: run npm run setup`);
  const dir = scratchDir("attr-proto-");
  writeFileSync(join(dir, "schema.proto"), input.schema?.text ?? "");
  const job = {
    proto: join(dir, "schema.proto"),
    root,
    messages: encoded.map((b) => Buffer.from(b).toString("base64")),
  };
  const res = spawnSync(python, [script], { input: JSON.stringify(job), encoding: "utf8" });
  if (res.status !== 0) throw new Error(`reference failed: ${res.stderr}`);
  return JSON.parse(res.stdout) as Record<string, number>;
}

describe("protobuf attribution against Python protobuf, field by field", () => {
  it.each([
    ["addressBook", "tutorial.AddressBook"],
    ["video", "wirebench.models.Video"],
  ] as const)(
    "%s: every path's tags, lengths and values are the bytes Python protobuf gives the field",
    async (name, root) => {
      const input = samples[name] as SampleInput;
      const ours = (await attribute(entryOf("protobuf"), input)) as Attributed;
      const ref = reference(input, ours.encoded, root);
      const { "": total, ...perPath } = ref;
      expect(total).toBe(ours.bytes);
      const mine = Object.fromEntries(
        [...ours.tally.parts].map(([path, parts]) => [path, Object.values(parts).reduce((n, b) => n + b, 0)]),
      );
      expect(mine).toEqual(perPath);
      if (name === "addressBook") expect(perPath["people.phones.number"]).toBe(69 + 5);
    },
    60_000,
  );
});
