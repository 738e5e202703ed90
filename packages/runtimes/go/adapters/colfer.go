package adapters

import (
	"fmt"

	"wirebench/runtimes/go/child"
)

// ColferMessage is what colf(1) generates on every struct (its Go template): the methods an
// application calls.
type ColferMessage interface {
	MarshalTo(buf []byte) int
	MarshalLen() (int, error)
	MarshalBinary() ([]byte, error)
	UnmarshalBinary(data []byte) error
}

// ColferRoot is the root struct of the schema compiled into this binary by `colf Go`; the per-schema
// binary's generated glue package (src/definitions/go-colfer.ts) registers it.
type ColferRoot struct {
	Name string
	New  func() ColferMessage
}

var colferRoot *ColferRoot

// RegisterColferRoot is called by the generated glue package's init.
func RegisterColferRoot(r ColferRoot) {
	if colferRoot != nil {
		panic("two Colfer roots in one binary: " + colferRoot.Name + ", " + r.Name)
	}
	colferRoot = &r
}

// Colfer (github.com/pascaldekloe/colfer, colf 1.8): the input is each message along the emitted
// .colf's IR (the `colfer` shape), set onto a new generated struct by reflection once, outside timing.
// Timed encode is MarshalBinary (MarshalLen, then MarshalTo into a buffer of exactly that size: one
// allocation per message, the encoding.BinaryMarshaler call applications make); timed decode is
// UnmarshalBinary into a new struct. A decoded struct goes back in the input's shape.
func init() {
	child.Register("colfer", "github.com/pascaldekloe/colfer", func(f child.Format) (*child.Codec, error) {
		root := colferRoot
		if root == nil {
			return nil, fmt.Errorf("no colf Go code in this binary (the parent builds one per .colf with colf Go)")
		}
		if f.Schema != nil && f.Schema.RootType != root.Name {
			return nil, fmt.Errorf("this binary's Colfer root is %s, the request's %s", root.Name, f.Schema.RootType)
		}
		values, err := dataInputs(f)
		if err != nil {
			return nil, err
		}
		msgs := make([]ColferMessage, len(values))
		for i, v := range values {
			m := root.New()
			if err := setColfer(m, v); err != nil {
				return nil, fmt.Errorf("message %d does not fit %s: %w", i, root.Name, err)
			}
			msgs[i] = m
		}
		return &child.Codec{
			Count:  len(msgs),
			Encode: func(j int) ([]byte, error) { return msgs[j].MarshalBinary() },
			Decode: func(b []byte) (any, error) {
				m := root.New()
				return m, m.UnmarshalBinary(b)
			},
			Lossless: func(v any) (any, error) { return colferLossless(v) },
			Notes: []string{
				"colf Go (colf 1.8.1): MarshalBinary() (MarshalLen, then MarshalTo into a buffer of that size) / UnmarshalBinary into a new struct",
				"the generated structs are filled from the input by reflection once, outside timing",
			},
		}, nil
	})
}
