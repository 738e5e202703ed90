import { getComparison } from "@/server/http/projects-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return getComparison(getServices(), req, (await ctx.params).id);
}
