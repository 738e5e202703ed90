import { initTRPC, TRPCError } from "@trpc/server";
import { type AppError, toAppError } from "../app-error.ts";
import type { Caller } from "../services/authenticate.ts";
import type { Services } from "../services/container.ts";
import { admit } from "../services/rate-limit.ts";

export interface TrpcContext {
  services: Services;
  headers: Headers;
  /** Rate limits and authenticates the request, exactly as the REST API does. */
  admit: (kind: "create" | "read") => Promise<Caller>;
}

export function createContext(services: Services, headers: Headers): TrpcContext {
  return { services, headers, admit: (kind) => admit(services, headers, kind) };
}

const trpcCodes = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const satisfies Record<AppError["code"], TRPCError["code"]>;

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    // Input errors read like the REST API's: "path: message", not a JSON dump of zod issues.
    const issues = (error.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)
      ?.issues;
    const message = issues?.length
      ? `Invalid request: ${issues.map((i) => `${i.path.length ? `${i.path.join(".")}: ` : ""}${i.message}`).join("; ")}`
      : shape.message;
    return {
      ...shape,
      message,
      data: { ...shape.data, appCode: (error.cause as AppError | undefined)?.code },
    };
  },
});

/** Every procedure maps thrown AppErrors (and service outages) onto tRPC codes. */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // tRPC wraps anything a procedure throws as INTERNAL_SERVER_ERROR; input errors keep BAD_REQUEST.
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") {
    const appError = toAppError(result.error.cause ?? result.error);
    throw new TRPCError({ code: trpcCodes[appError.code], message: appError.message, cause: appError });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(appErrors);
