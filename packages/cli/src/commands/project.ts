import type { Command } from "commander";
import { createApiClient } from "../remote/api-client.ts";

/** `wirebench project create <name> --server URL`: prints the new project's token once. */
export function registerProject(program: Command): void {
  const project = program.command("project").description("manage CI projects on a Wirebench server");
  project
    .command("create <name>")
    .description("create a project and print its API token (shown once; store it as a CI secret)")
    .requiredOption("--server <url>", "Wirebench server, e.g. http://localhost:3000")
    .option("--admin-token <token>", "admin token, when the server sets WIREBENCH_ADMIN_TOKEN")
    .action(async (name: string, opts: { server: string; adminToken?: string }) => {
      const api = createApiClient(opts.server, opts.adminToken);
      const created = await api.request<{ id: string; slug: string; token: string }>(
        "POST",
        "/api/v1/projects",
        { name },
      );
      console.error(`project ${created.slug} created; its token (shown once):`);
      console.log(created.token);
    });
}
