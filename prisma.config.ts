// Prisma 7 reads the datasource URL from here, not from schema.prisma.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://wirebench:wirebench@127.0.0.1:5432/wirebench",
  },
});
