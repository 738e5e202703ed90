import type { NextConfig } from "next";
import { baseSecurityHeaders } from "./src/server/http/security-headers.ts";

const staticHeaders = Object.entries(baseSecurityHeaders).map(([key, value]) => ({ key, value }));

const config: NextConfig = {
  // Workspace packages ship TypeScript source; Next compiles them with the app.
  transpilePackages: [
    "@wirebench/contracts",
    "@wirebench/schemas",
    "@wirebench/idl-compilers",
    "@wirebench/codecs",
    // Only its format lookup (@wirebench/runtimes/formats): data, no runtime definition.
    "@wirebench/runtimes",
  ],
  // Loaded by Node at run time, not bundled: native add-ons, the Prisma client, and the corpus
  // package whose data folder is found through import.meta.url.
  // @wirebench/offthread finds its worker script the same way and starts piscina threads.
  serverExternalPackages: [
    "@wirebench/corpus",
    "@wirebench/db",
    "@wirebench/offthread",
    "piscina",
    "pg",
    "msgpackr",
    "bullmq",
    "ioredis",
  ],
  // `npm test` typechecks every package; the build need not do it twice.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  reactStrictMode: true,
  // proxy.ts sets these (and the CSP) on pages and API routes; the build output it skips gets them here.
  async headers() {
    return ["/_next/static/:path*", "/_next/image", "/favicon.ico"].map((source) => ({
      source,
      headers: staticHeaders,
    }));
  },
};

export default config;
