import type { NextConfig } from "next";

const config: NextConfig = {
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: ["@wirebench/schemas", "@wirebench/codecs"],
  // Loaded by Node at run time, not bundled: native add-ons, the Prisma client, and the corpus
  // package whose data folder is found through import.meta.url.
  serverExternalPackages: ["@wirebench/corpus", "@wirebench/db", "pg", "msgpackr", "bullmq", "ioredis"],
  // `npm test` typechecks every package; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  reactStrictMode: true,
};

export default config;
