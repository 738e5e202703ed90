// Dependency-free on purpose: the browser bundle and the CLI both import this subpath.
export {};
