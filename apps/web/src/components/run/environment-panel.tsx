/** Where the numbers were measured: they only mean something next to this. */
export function EnvironmentPanel({ environment }: { environment: unknown }) {
  if (!environment || typeof environment !== "object") return null;
  const env = environment as Record<string, unknown>;
  const libraries = (env.libraries ?? {}) as Record<string, string>;
  const plain = Object.entries(env).filter(
    ([k, v]) => k !== "libraries" && (typeof v === "string" || typeof v === "number"),
  );
  return (
    <section aria-label="Environment" data-testid="environment">
      <h3>Environment</h3>
      <dl className="env">
        {plain.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{String(v)}</dd>
          </div>
        ))}
        {Object.entries(libraries).map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
