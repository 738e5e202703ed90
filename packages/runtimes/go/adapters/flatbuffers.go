package adapters

import (
	"encoding/base64"
	"fmt"
	"strings"

	flatbuffers "github.com/google/flatbuffers/go"

	"wirebench/runtimes/go/child"
)

// FlatbuffersRoot is the root table of the schema compiled into this binary, in flatc's Go object
// API (`flatc --go --gen-object-api`): Pack writes a native <Root>T, Unpack reads one back. The
// per-schema binary's generated glue package (src/definitions/go-flatbuffers.ts) registers it.
type FlatbuffersRoot struct {
	Name   string
	Pack   func(b *flatbuffers.Builder, v any) flatbuffers.UOffsetT
	Unpack func(buf []byte) any
}

var flatbuffersRoot *FlatbuffersRoot

// RegisterFlatbuffersRoot is called by the generated glue package's init.
func RegisterFlatbuffersRoot(r FlatbuffersRoot) {
	if flatbuffersRoot != nil {
		panic("two FlatBuffers roots in one binary: " + flatbuffersRoot.Name + ", " + r.Name)
	}
	flatbuffersRoot = &r
}

// github.com/google/flatbuffers/go with flatc's object API, as Rust's and Java's children do: the
// input is Node's own bytes per message, unpacked once (outside timing) into native <Root>T values;
// timed encode packs one into a reused Builder (Reset, Pack, Finish) and copies the finished bytes
// out, as Node's adapter copies; timed decode is GetRootAs<Root>(bytes).UnPack(). A decoded message
// goes back to the parent packed again, as base64.
func init() {
	child.Register("flatbuffers", "github.com/google/flatbuffers", func(f child.Format) (*child.Codec, error) {
		root := flatbuffersRoot
		if root == nil {
			return nil, fmt.Errorf("no flatc Go code in this binary (the parent builds one per .fbs with flatc --go)")
		}
		if f.Schema != nil && f.Schema.RootType != root.Name && !strings.HasSuffix(root.Name, "."+f.Schema.RootType) {
			return nil, fmt.Errorf("this binary's FlatBuffers root is %s, the request's %s", root.Name, f.Schema.RootType)
		}
		raw, err := readBase64Lines(f.InputFile)
		if err != nil {
			return nil, err
		}
		msgs := make([]any, len(raw))
		for i, b := range raw {
			if msgs[i], err = unpackChecked(root, b); err != nil {
				return nil, fmt.Errorf("message %d is not a FlatBuffer of %s: %w", i, root.Name, err)
			}
		}
		builder := flatbuffers.NewBuilder(1024)
		encode := func(v any) []byte {
			builder.Reset()
			builder.Finish(root.Pack(builder, v))
			fin := builder.FinishedBytes()
			out := make([]byte, len(fin))
			copy(out, fin)
			return out
		}
		return &child.Codec{
			Count:  len(msgs),
			Encode: func(j int) ([]byte, error) { return encode(msgs[j]), nil },
			Decode: func(b []byte) (any, error) { return root.Unpack(b), nil },
			Lossless: func(v any) (any, error) {
				return base64.StdEncoding.EncodeToString(encode(v)), nil
			},
			Notes: []string{
				"flatc --go --gen-object-api: builder.Reset(); builder.Finish(<Root>T.Pack(builder)); copy of FinishedBytes() / GetRootAs<Root>(bytes, 0).UnPack()",
				"optional strings are written only when present (flatc 2.0.8's Go object API would write an absent one as \"\"), as Node's adapter does",
			},
		}, nil
	})
}

// unpackChecked turns a panic of the generated reader (an out-of-range offset in bad input) into an error.
func unpackChecked(root *FlatbuffersRoot, b []byte) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return root.Unpack(b), nil
}
