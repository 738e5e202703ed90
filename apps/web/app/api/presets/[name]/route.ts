import { readCorpus } from "@wirebench/corpus";
import { corpusPresets } from "@/lib/presets";

/** Serves a corpus file for the upload page's presets; only the listed names, never a path. */
export async function GET(_req: Request, ctx: { params: Promise<{ name: string }> }) {
  const { name } = await ctx.params;
  const preset = corpusPresets.find((p) => p === name);
  if (!preset) {
    return Response.json(
      { error: { code: "NOT_FOUND", message: `No preset named ${name}.` } },
      { status: 404 },
    );
  }
  return new Response(readCorpus(preset), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
