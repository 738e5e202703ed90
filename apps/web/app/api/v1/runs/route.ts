import { postRun } from "@/server/http/runs-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export function POST(req: Request) {
  return postRun(getServices(), req);
}
