package adapters

import (
	"bytes"

	"github.com/vmihailenco/msgpack/v5"

	"wirebench/runtimes/go/child"
)

// vmihailenco/msgpack: one Encoder reused over a bytes.Buffer (as its docs advise for speed), with
// compact integers (as every JavaScript MessagePack library writes them) and sorted map keys (Go maps
// have no order, and bytes must not change from call to call); each call returns its own slice.
func init() {
	child.Register("msgpack", "github.com/vmihailenco/msgpack/v5", func(f child.Format) (*child.Codec, error) {
		values, err := dataInputs(f)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		enc := msgpack.NewEncoder(&buf)
		enc.UseCompactInts(true)
		enc.SetSortMapKeys(true)
		return &child.Codec{
			Count: len(values),
			Encode: func(j int) ([]byte, error) {
				buf.Reset()
				if err := enc.Encode(values[j]); err != nil {
					return nil, err
				}
				return bytes.Clone(buf.Bytes()), nil
			},
			Decode: func(b []byte) (any, error) {
				var v any
				err := msgpack.Unmarshal(b, &v)
				return v, err
			},
			Lossless: func(v any) (any, error) { return child.ToLossless(v) },
			Notes: []string{
				anyNote,
				"msgpack.Encoder with UseCompactInts(true) and SetSortMapKeys(true); floats stay float64; decode with msgpack.Unmarshal into any",
			},
		}, nil
	})
}
