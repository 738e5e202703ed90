import { describe, expect, it } from "vitest";
import { GET } from "../app/api/openapi.json/route.ts";
import { createRunRequestSchema } from "../src/server/contracts/runs.ts";

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
      "429",
      "503",
    ]);
  });
});
