import { getServices } from "@/server/services/container";
import { handleTrpc } from "@/server/trpc/handler";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return handleTrpc(getServices(), req);
}

export { handler as GET, handler as POST };
