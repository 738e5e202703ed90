import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Providers } from "@/trpc/client";
import "./globals.css";

export const metadata: Metadata = {
  title: "Wirebench",
  description: "What would your data cost on the wire in each serialization format?",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts need that response's CSP nonce (see proxy.ts).
  await connection();
  return (
    <html lang="en">
      <body>
        <nav className="topnav">
          <Link href="/">Wirebench</Link>
          <a href="/docs/api">API</a>
        </nav>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
