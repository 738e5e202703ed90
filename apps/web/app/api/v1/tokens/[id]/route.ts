import { deleteToken } from "@/server/http/projects-api";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";

export async function DELETE(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return deleteToken(getServices(), req, (await ctx.params).id);
}
