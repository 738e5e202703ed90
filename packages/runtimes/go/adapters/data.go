// Package adapters holds one file per library; each registers itself with the child in its init.
package adapters

import (
	"wirebench/runtimes/go/child"
)

// dataInputs reads a `data` input file into the Go values an application holding `any` would
// encode: map[string]any, []any, int64/uint64/*big.Int, float64, string, bool, nil and []byte.
func dataInputs(f child.Format) ([]any, error) {
	raw, err := child.ReadMessages(f.InputFile)
	if err != nil {
		return nil, err
	}
	out := make([]any, len(raw))
	for i, r := range raw {
		if out[i], err = child.DecodeLossless(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// anyNote says what schemaless adapters encode, as the Node adapters do.
const anyNote = "encodes the `any` values (map[string]any, []any, int64, float64, []byte, …) read from the lossless input, as Node encodes its plain objects"
