import { readFileSync } from "node:fs";
import { idlCompilers } from "@wirebench/idl-compilers";
import { type Dataset, loadDataset } from "@wirebench/schemas";

const fixture = (name: string) => readFileSync(new URL(`fixtures/thrift/${name}`, import.meta.url), "utf8");

/** The user's own .thrift of the fixture, as written. */
export const contactsThrift = () => fixture("contacts.thrift");

/**
 * A user's own .thrift (i8/i16, an i64 beyond 2^53 and the smallest i64, a map of doubles, binary,
 * optional fields left out, a string with a control character) and two messages that follow it. The
 * map has one entry: Go's generated code writes a map in Go's random iteration order, so a map of
 * several entries has Node's bytes in Go only by chance.
 */
export function contacts(): Dataset {
  return loadDataset(
    {
      text: fixture("contacts.ndjson"),
      sampleFormat: "ndjson",
      schema: { kind: "thrift", text: contactsThrift(), rootType: "Contact" },
    },
    idlCompilers,
  );
}
