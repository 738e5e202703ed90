import Link from "next/link";

export default function RunNotFound() {
  return (
    <main data-testid="run-not-found">
      <h1>No such run</h1>
      <p>
        No run has this id. Run links are unguessable, so a link missing even one character finds nothing; ask
        whoever shared it for the whole link.
      </p>
      <p>
        <Link href="/">Start a new comparison</Link>
      </p>
    </main>
  );
}
