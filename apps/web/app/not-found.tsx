import Link from "next/link";

export default function NotFound() {
  return (
    <main data-testid="not-found">
      <h1>Not found</h1>
      <p>
        There is nothing at this address. A run link works only exactly as it was shared, since run ids are
        unguessable; check that it was copied whole.
      </p>
      <p>
        <Link href="/">Compare formats on a new sample</Link>
      </p>
    </main>
  );
}
