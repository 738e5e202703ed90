package adapters

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/linkedin/goavro/v2"

	"wirebench/runtimes/go/child"
)

// linkedin/goavro rather than hamba/avro: the input is Avro's JSON encoding (docs/polyglot.md,
// "Input shapes"), and goavro reads and writes it with its own NativeFromTextual/TextualFromNative,
// so the messages become goavro's native values through the library's tested code; hamba/avro has no
// codec for Avro's JSON encoding, and mapping JSON onto its Go types would be a mapping of ours.
// Timed: BinaryFromNative (native → bytes) and NativeFromBinary (bytes → native).
func init() {
	child.Register("goavro", "github.com/linkedin/goavro/v2", func(f child.Format) (*child.Codec, error) {
		if f.Schema == nil {
			return nil, fmt.Errorf("goavro needs the emitted .avsc (schema.file)")
		}
		text, err := os.ReadFile(f.Schema.File)
		if err != nil {
			return nil, err
		}
		schema, logical, err := withoutLogicalTypes(text)
		if err != nil {
			return nil, fmt.Errorf("%s is not JSON: %w", f.Schema.File, err)
		}
		codec, err := goavro.NewCodec(schema)
		if err != nil {
			return nil, fmt.Errorf("goavro cannot read %s: %w", f.Schema.File, err)
		}
		raw, err := child.ReadMessages(f.InputFile)
		if err != nil {
			return nil, err
		}
		natives := make([]any, len(raw))
		for i, r := range raw {
			if natives[i], _, err = codec.NativeFromTextual(r); err != nil {
				return nil, fmt.Errorf("message %d is not Avro JSON of %s: %w", i, f.Schema.RootType, err)
			}
		}
		notes := []string{"goavro.NewCodec on the emitted .avsc; inputs read with NativeFromTextual (Avro's JSON encoding); timed BinaryFromNative / NativeFromBinary"}
		if logical {
			notes = append(notes, "logical types removed from the schema goavro gets: goavro names their union branches `long.timestamp-millis` where Avro's JSON encoding says `long`, so it cannot read the specification's JSON; the bytes are the same, values stay the underlying long/int/bytes")
		}
		return &child.Codec{
			Count:  len(natives),
			Encode: func(j int) ([]byte, error) { return codec.BinaryFromNative(nil, natives[j]) },
			Decode: func(b []byte) (any, error) {
				v, rest, err := codec.NativeFromBinary(b)
				if err == nil && len(rest) > 0 {
					err = fmt.Errorf("%d bytes left after the message", len(rest))
				}
				return v, err
			},
			Lossless: func(v any) (any, error) {
				text, err := codec.TextualFromNative(nil, v)
				if err != nil {
					return nil, err
				}
				return child.DecodeLossless(text)
			},
			Notes: notes,
		}, nil
	})
}

// withoutLogicalTypes drops every "logicalType" from a schema (see the note above): logical types
// only annotate the underlying type, so the binary encoding does not change.
func withoutLogicalTypes(text []byte) (string, bool, error) {
	var schema any
	if err := json.Unmarshal(text, &schema); err != nil {
		return "", false, err
	}
	found := false
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if _, ok := x["logicalType"]; ok {
				delete(x, "logicalType")
				found = true
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(schema)
	out, err := json.Marshal(schema)
	return string(out), found, err
}
