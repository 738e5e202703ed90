// Sends `count` messages of `bytes` each, the last one `done`, and exits the moment the last is
// written, as the measurement child does after a verify-only run. Used by last-messages.test.ts.
process.once("message", ({ count, bytes }) => {
  const payload = "x".repeat(bytes);
  for (let i = 0; i < count - 1; i++) process.send({ type: "step", i, payload });
  process.send({ type: "done", i: count - 1 }, undefined, {}, () => process.exit(0));
});
