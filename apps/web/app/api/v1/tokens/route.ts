import { getTokens, postToken } from "@/server/http/projects-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return getTokens(getServices(), req);
}

export function POST(req: Request) {
  return postToken(getServices(), req);
}
