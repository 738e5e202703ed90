import { importJsonSchema } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { refBombSchema } from "../../../schemas/test/hostile/hostile-inputs.ts";
import { runComparison } from "../../src/index.ts";
import { capArtifacts } from "../../src/result/cap-artifacts.ts";

const artifact = (name: string, text: string) => ({ name, kind: "generated" as const, text });

describe("capArtifacts", () => {
  it("keeps artifacts whole within the budget and says nothing", () => {
    const a = [artifact("a.ts", "x".repeat(10)), artifact("b.ts", "y".repeat(10))];
    expect(capArtifacts(a, 20)).toEqual({ artifacts: a });
  });

  it("cuts the one that crosses the budget, leaves out the rest and names them in a note", () => {
    const capped = capArtifacts(
      [artifact("a.ts", "x".repeat(10)), artifact("b.ts", "é".repeat(10)), artifact("c.ts", "z")],
      15,
    );
    expect(capped.artifacts.map((a) => a.name)).toEqual(["a.ts", "b.ts"]);
    // 5 bytes left: two whole é (2 bytes each); the half of the third is not kept.
    expect(capped.artifacts[1]!.text).toBe("éé\n… cut here: 16 more bytes (limit maxArtifactBytes)");
    expect(capped.note).toBe(
      "schema and generated code are kept up to 15 bytes per format (maxArtifactBytes): b.ts (cut), c.ts not kept whole",
    );
  });
});

describe("runComparison with maxArtifactBytes", () => {
  it("stores a shared-type schema's artifacts within the cap, with a note", async () => {
    const schema = importJsonSchema(refBombSchema(4, 4));
    const r = await runComparison(
      { schema, messages: [] },
      { formats: ["protobuf"], verifyOnly: true, maxArtifactBytes: 200 },
    ).catch((err: unknown) => err as Error);
    if (r instanceof Error) throw r;
    const f = r.formats[0]!;
    const bytes = (f.artifacts ?? []).reduce((n, a) => n + Buffer.byteLength(a.text), 0);
    expect(bytes).toBeLessThanOrEqual(200 + 80);
    expect(f.notes?.some((n) => n.includes("(maxArtifactBytes)"))).toBe(true);
  }, 60_000);
});
