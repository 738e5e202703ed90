// The schema-less Go measurement child: every adapter but generated Protobuf code, which the parent
// compiles into a per-schema binary of its own (see src/definitions/go.ts).
package main

import (
	_ "wirebench/runtimes/go/adapters"
	"wirebench/runtimes/go/child"
)

func main() { child.Main() }
