"use client";

import Link from "next/link";

/** Any page that throws while rendering lands here instead of a blank screen. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main data-testid="error-page">
      <h1>Something went wrong</h1>
      <p className="error" role="alert">
        This page could not be shown. If PostgreSQL or Redis was briefly unavailable, trying again usually
        works.
      </p>
      {/* The digest matches the server's log line; the message itself stays on the server. */}
      {error.digest && <p className="muted small">Reference: {error.digest}</p>}
      <p className="row">
        <button type="button" className="button" onClick={() => reset()}>
          Try again
        </button>{" "}
        <Link href="/">Home</Link>
      </p>
    </main>
  );
}
