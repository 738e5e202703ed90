package adapters

import (
	"reflect"

	"github.com/fxamacker/cbor/v2"

	"wirebench/runtimes/go/child"
)

// fxamacker/cbor: an EncMode with map keys sorted bytewise (RFC 8949 core deterministic order: Go
// maps have no order of their own) and a DecMode that decodes maps to map[string]any, as JSON-shaped
// data is used in Go; integers decode to uint64/int64, bignums to big.Int.
func init() {
	child.Register("cbor", "github.com/fxamacker/cbor/v2", func(f child.Format) (*child.Codec, error) {
		values, err := dataInputs(f)
		if err != nil {
			return nil, err
		}
		em, err := cbor.EncOptions{Sort: cbor.SortBytewiseLexical, BigIntConvert: cbor.BigIntConvertShortest}.EncMode()
		if err != nil {
			return nil, err
		}
		dm, err := cbor.DecOptions{DefaultMapType: reflect.TypeOf(map[string]any(nil))}.DecMode()
		if err != nil {
			return nil, err
		}
		return &child.Codec{
			Count:  len(values),
			Encode: func(j int) ([]byte, error) { return em.Marshal(values[j]) },
			Decode: func(b []byte) (any, error) {
				var v any
				err := dm.Unmarshal(b, &v)
				return v, err
			},
			Lossless: func(v any) (any, error) { return child.ToLossless(v) },
			Notes: []string{
				anyNote,
				"cbor.EncOptions{Sort: SortBytewiseLexical, BigIntConvert: BigIntConvertShortest}; floats stay float64; decode into any with DefaultMapType map[string]any",
			},
		}, nil
	})
}
