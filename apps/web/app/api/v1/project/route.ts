import { getProjectResponse, patchProject } from "@/server/http/projects-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getProjectResponse(getServices(), req);
}

export function PATCH(req: Request) {
  return patchProject(getServices(), req);
}
