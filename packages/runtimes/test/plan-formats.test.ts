import { describe, expect, it } from "vitest";
import {
  apiOptionNames,
  cliOptionNames,
  planFormats,
  planRunFormats,
  runtimeDefinitions,
  runtimeFormatCatalogue,
} from "../src/index.ts";

describe("planFormats: --formats across runtimes", () => {
  it("the catalogue is every definition's own format list, in --runtimes order", () => {
    expect(runtimeFormatCatalogue.map((r) => r.runtime)).toEqual(runtimeDefinitions.map((d) => d.id));
    for (const d of runtimeDefinitions)
      expect(runtimeFormatCatalogue.find((r) => r.runtime === d.id)?.formats, d.id).toBe(d.formats);
  });

  it("a format only Go has: Node measures nothing, Go gets the name", () => {
    expect(planFormats(["colfer"], ["node", "go"], cliOptionNames)).toEqual({
      node: [],
      runtimes: ["colfer"],
    });
  });

  it("a name Node and a runtime share: Node's ids (and minimal variant) beside the runtime's names", () => {
    expect(planFormats(["cbor", " Bincode "], ["node", "rust"], cliOptionNames)).toEqual({
      node: ["cbor", "cbor-minimal"],
      runtimes: ["cbor", "Bincode"],
    });
    // A runtime's own id picks nothing in Node.
    expect(planFormats(["protobuf@go", "json"], ["go"], cliOptionNames)).toEqual({
      node: ["json"],
      runtimes: ["protobuf@go", "json"],
    });
  });

  it("without other runtimes Node's names stand as before, with no minimal variant added", () => {
    expect(planFormats(["cbor", "protobuf"], undefined, cliOptionNames)).toEqual({
      node: ["cbor", "protobuf"],
    });
    expect(planFormats(undefined, ["node", "go"], cliOptionNames)).toEqual({});
  });

  it("a format of a runtime not asked for names the runtime and the setting to change", () => {
    expect(() => planFormats(["colfer"], undefined, cliOptionNames)).toThrow(
      'format "colfer" is measured in go, not in node: add go to --runtimes, as in --runtimes node,go',
    );
    expect(() => planFormats(["kryo"], ["node", "go"], cliOptionNames)).toThrow(
      'format "kryo" is measured in java, not in node, go: add java to --runtimes, as in --runtimes node,go,java',
    );
    // Node not asked for: a format only Node has is Node's to measure.
    expect(() => planFormats(["bson"], ["go"], cliOptionNames)).toThrow(
      'format "bson" is measured in node, not in go: add node to --runtimes, as in --runtimes go,node',
    );
  });

  it("a name no runtime has lists every searched runtime's choices and the runtimes searched", () => {
    let message = "";
    try {
      planFormats(["nope"], ["node", "go", "rust"], cliOptionNames);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^unknown format "nope"; choose from json, /);
    expect(message).toMatch(/; go: [^;]*\bprotobuf@go\b[^;]*\bcolfer\b/);
    expect(message).toMatch(/; rust: [^;]*\bbincode\b/);
    expect(message).not.toMatch(/java:/);
    expect(message).toMatch(/\(searched node, go, rust\)$/);
    expect(() => planFormats(["nope"], undefined, cliOptionNames)).toThrow(/\(searched node\)$/);
  });

  it("names that are all blank are an error, not every format", () => {
    expect(() => planFormats([" ", ""], ["node"], cliOptionNames)).toThrow(
      "no format named; leave --formats out to run them all.",
    );
  });

  it("a run's formats: the worker always measures in Node, an empty list is all, hints say options.runtimes", () => {
    expect(planRunFormats(["bincode"], ["rust"])).toEqual({ node: [], runtimes: ["bincode"] });
    expect(planRunFormats(["bson"], ["go"])).toEqual({ node: ["bson"], runtimes: ["bson"] });
    expect(planRunFormats([], ["go"])).toEqual({});
    expect(() => planRunFormats(["smile"], ["rust"])).toThrow(
      'format "smile" is measured in java, not in node, rust: add java to options.runtimes, as in "runtimes": ["node","rust","java"]',
    );
    expect(apiOptionNames.formats).toBe("formats");
  });
});
