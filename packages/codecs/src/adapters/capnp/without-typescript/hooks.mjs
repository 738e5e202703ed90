// Module resolution hook (node:module register): `typescript` resolves to the stand-in next to it.
const standIn = new URL("./typescript.mjs", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === "typescript") return { url: standIn, shortCircuit: true };
  return next(specifier, context);
}
