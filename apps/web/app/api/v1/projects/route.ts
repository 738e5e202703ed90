import { postProject } from "@/server/http/projects-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export function POST(req: Request) {
  return postProject(getServices(), req);
}
