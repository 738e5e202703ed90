import { readFileSync } from "node:fs";
import { type Dataset, loadDataset } from "@wirebench/schemas";

const models = new URL("../../conformance/data/models/", import.meta.url);

/** The Go article's AddressBook: two messages of the user's own .proto (docs/architecture.md). */
export function addressBook(): Dataset {
  return loadDataset({
    text: readFileSync(new URL("addressbook-go.ndjson", models), "utf8"),
    sampleFormat: "ndjson",
    schema: { kind: "proto", text: readFileSync(new URL("addressbook-go.proto", models), "utf8") },
  });
}
