/**
 * Node flags that give `new Buffer()` its steady-state cost from the first call. Node checks, on
 * each of a process's first 10,000 calls of the deprecated `Buffer()` constructor, whether the caller
 * sits in node_modules (a stack walk) to decide about warning DEP0005: 3.2 µs a call instead of 0.1.
 * The `thrift` package's protocols call `new Buffer` for every field they write, so its encode was
 * timed at up to 300 µs a 10 KB message in quick runs that never got past those 10,000 calls, against
 * about 8 µs in a service that has. `--pending-deprecation` warns at once instead of checking (and
 * `--no-deprecation` keeps the warning off stderr), so every call after the first is the steady one.
 */
export const steadyBufferFlags = ["--pending-deprecation", "--no-deprecation"];
