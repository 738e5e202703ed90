"""The Python child of Wirebench's runtime-neutral measurement protocol (docs/polyglot.md)."""
