import { parseSweepSizes } from "@wirebench/contracts/sweep";
import { type Dataset, inferDataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { chooseRepeatedField, growRepeatedField, repeatedFields } from "../../src/sizes/grow-array.ts";

const book = inferDataset(
  JSON.stringify({
    owner: "ann",
    tags: ["a", "b"],
    people: [
      { name: "x", phones: ["1", "2", "3"] },
      { name: "y", phones: [] },
    ],
    empty: [],
  }),
);
const first = (d: Dataset) => d.messages[0] as NonNullable<Dataset["messages"][number]>;

describe("finding the repeated field to grow", () => {
  it("lists every array present with its longest occurrence, and picks the longest by default", () => {
    const fields = repeatedFields(book.schema.root, first(book)).map((f) => [f.path, f.length]);
    expect(fields).toEqual([
      ["tags", 2],
      ["people", 2],
      ["people.phones", 3],
      ["empty", 0],
    ]);
    expect(chooseRepeatedField(book.schema.root, first(book)).path).toBe("people.phones");
    expect(chooseRepeatedField(book.schema.root, first(book), "tags").length).toBe(2);
  });

  it("names the choices when --path is not an array, and says when there is none", () => {
    expect(() => chooseRepeatedField(book.schema.root, first(book), "owner")).toThrow(
      "--path owner is not a repeated field; choose from tags, people, people.phones, empty",
    );
    const flat = inferDataset('{"a":1}');
    expect(() => chooseRepeatedField(flat.schema.root, first(flat))).toThrow(/no repeated field/);
  });
});

describe("growing it", () => {
  it("cycles the sample's own elements in every occurrence, and leaves the rest alone", () => {
    const field = chooseRepeatedField(book.schema.root, first(book), "people.phones");
    const grown = growRepeatedField(book.schema, first(book), field, 5) as {
      people: { phones: string[] }[];
      tags: string[];
    };
    expect(grown.people.map((p) => p.phones)).toEqual([
      ["1", "2", "3", "1", "2"],
      ["1", "2", "3", "1", "2"],
    ]);
    expect(grown.tags).toEqual(["a", "b"]);
    // The sample itself is untouched.
    expect((first(book) as { people: { phones: string[] }[] }).people[0]?.phones).toHaveLength(3);
  });

  it("synthesizes elements of the field's type when the sample's array is empty", () => {
    const typed = inferDataset(JSON.stringify([{ xs: [1.5] }, { xs: [] }]));
    const second = typed.messages[1] as NonNullable<Dataset["messages"][number]>;
    const field = chooseRepeatedField(typed.schema.root, second, "xs");
    const grown = growRepeatedField(typed.schema, second, field, 4) as { xs: unknown[] };
    expect(grown.xs).toHaveLength(4);
    for (const x of grown.xs) expect(typeof x).toBe("number");
  });
});

describe("sweep sizes", () => {
  it("sorts and deduplicates, and refuses zero, fractions, too large and too many", () => {
    expect(parseSweepSizes("1000, 10,1000,100_000")).toEqual([10, 1000, 100000]);
    expect(() => parseSweepSizes("1.5")).toThrow(/not a positive whole number/);
    expect(() => parseSweepSizes("")).toThrow(/at least one size/);
    expect(() => parseSweepSizes("11", { maxSize: 10 })).toThrow(/maximum size of 10 elements/);
    expect(() => parseSweepSizes([1, 2, 3], { maxPoints: 2 })).toThrow(/maximum of 2 points/);
  });
});
