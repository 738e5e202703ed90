import { AppError } from "../app-error.ts";

/**
 * A browser sends a cross-site POST without asking first only with a form's content types
 * (text/plain, multipart/form-data, application/x-www-form-urlencoded); application/json makes it ask
 * (a CORS preflight) and this app answers no preflight, so requiring it means no other site can make a
 * visitor's browser create runs or projects. A request carrying Authorization cannot be sent
 * cross-site without a preflight either, and its token is checked anyway.
 */
export function requireJsonContentType(headers: Headers): void {
  if (headers.has("authorization")) return;
  const type = (headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") return;
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `Send the request body as JSON with Content-Type: application/json (got ${type ? `"${type.slice(0, 100)}"` : "none"}).`,
  );
}
