import { createRunRequestSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { GET } from "../app/api/openapi.json/route.ts";

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document generated from the handlers' own zod schemas", async () => {
    const doc = await GET().json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/runs",
        "/api/v1/runs/{id}",
        "/api/v1/runs/{id}/comparison",
        "/api/v1/projects",
      ]),
    );
    const request = doc.components.schemas.CreateRunRequest;
    expect(Object.keys(request.properties).sort()).toEqual(Object.keys(createRunRequestSchema.shape).sort());
    expect(request.properties.sampleFormat.enum).toEqual(["json", "ndjson"]);
    expect(Object.keys(doc.paths["/api/v1/runs"].post.responses)).toEqual([
      "202",
      "400",
      "401",
      "413",
      "415",
      "429",
      "503",
    ]);
  });

  it("documents fidelity severities and the minimal variant of padded library defaults", async () => {
    const doc = await GET().json();
    const text = JSON.stringify(doc.components.schemas.Run);
    const severity = /"severity":(\{[^}]*\})/.exec(text)?.[1];
    expect(JSON.parse(severity ?? "{}")).toMatchObject({ enum: ["lossy", "cosmetic"] });
    expect(text).toMatch(/"lossyCount":\{"type":"integer","description":"Lossy issues found in total\."/);
    expect(text).toMatch(/"minimalVariant":\{"type":"string","description":"On a library default that pads/);
    expect(text).toMatch(/"exact":\{"type":"boolean","description":"True when no lossy issue was found/);
  });
});
