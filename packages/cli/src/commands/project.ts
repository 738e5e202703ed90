import { createProjectResponseSchema, type TokenView, tokenListSchema } from "@wirebench/contracts";
import { type Command, Option } from "commander";
import { createApiClient } from "../remote/api-client.ts";

/** One line per token: id, the prefix to recognise it by, when it was made and last used, and its state. */
function formatTokens(tokens: TokenView[]): string {
  const at = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "never");
  const rows = [["ID", "PREFIX", "CREATED", "LAST USED", "STATE"]].concat(
    tokens.map((t) => [
      t.id,
      `${t.prefix}…`,
      at(t.createdAt),
      at(t.lastUsedAt),
      t.revokedAt ? `revoked ${at(t.revokedAt)}` : "live",
    ]),
  );
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/**
 * `wirebench project create <name> --server URL` prints the new project's token once;
 * `wirebench project tokens --server URL --token T` lists the project's tokens (never their secrets).
 */
export function registerProject(program: Command): void {
  const project = program.command("project").description("manage CI projects on a Wirebench server");
  project
    .command("create <name>")
    .description("create a project and print its API token (shown once; store it as a CI secret)")
    .requiredOption("--server <url>", "Wirebench server, e.g. http://localhost:3000")
    .option("--admin-token <token>", "admin token, when the server sets WIREBENCH_ADMIN_TOKEN")
    .action(async (name: string, opts: { server: string; adminToken?: string }) => {
      const api = createApiClient(opts.server, opts.adminToken);
      const created = await api.request(createProjectResponseSchema, "POST", "/api/v1/projects", { name });
      console.error(`project ${created.slug} created; its token (shown once):`);
      console.log(created.token);
    });
  project
    .command("tokens")
    .description("list the project's API tokens: id, prefix, created, last used, revoked")
    .requiredOption("--server <url>", "Wirebench server, e.g. http://localhost:3000")
    .addOption(
      new Option("--token <token>", "a token of the project").env("WIREBENCH_TOKEN").makeOptionMandatory(),
    )
    .action(async (opts: { server: string; token: string }) => {
      const api = createApiClient(opts.server, opts.token);
      const { tokens } = await api.request(tokenListSchema, "GET", "/api/v1/tokens");
      console.log(formatTokens(tokens));
    });
}
