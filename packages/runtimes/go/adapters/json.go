package adapters

import (
	"bytes"
	"encoding/json"

	"wirebench/runtimes/go/child"
)

// encoding/json: json.Marshal of the values; decoding with Decoder.UseNumber, as an application
// that must keep int64 exact does (plain Unmarshal into any turns every number into a float64).
func init() {
	child.Register("json", "", func(f child.Format) (*child.Codec, error) {
		values, err := dataInputs(f)
		if err != nil {
			return nil, err
		}
		return &child.Codec{
			Count:  len(values),
			Encode: func(j int) ([]byte, error) { return json.Marshal(values[j]) },
			Decode: func(b []byte) (any, error) {
				dec := json.NewDecoder(bytes.NewReader(b))
				dec.UseNumber()
				var v any
				err := dec.Decode(&v)
				return v, err
			},
			Lossless: func(v any) (any, error) { return child.ToLossless(v) },
			Notes: []string{
				anyNote,
				"json.Marshal (map keys sorted, []byte as base64); decode with json.Decoder.UseNumber into any",
			},
		}, nil
	})
}
