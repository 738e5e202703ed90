import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getServices } from "@/server/services/container";
import { createContext } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/root";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createContext(getServices(), req.headers),
  });
}

export { handler as GET, handler as POST };
