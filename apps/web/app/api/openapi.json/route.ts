import { parseWebEnv } from "@/env";
import { buildOpenApiDocument } from "@/server/openapi";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(buildOpenApiDocument(parseWebEnv().PUBLIC_URL));
}
