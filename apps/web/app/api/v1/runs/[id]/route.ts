import { getRunResponse } from "@/server/http/runs-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return getRunResponse(getServices(), req, id);
}
