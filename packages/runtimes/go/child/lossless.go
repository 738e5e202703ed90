package child

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Lossless JSON (docs/polyglot.md): integers of any size stay integers, other numbers are float64,
// bytes are {"$bytes": "<base64>"}. encoding/json's Decoder.UseNumber keeps every number's spelling,
// so nothing goes through a float64 on the way in.

// ReadMessages reads an input file (one JSON array) and returns each message's raw JSON, for a
// library's own JSON reader (protojson, goavro) or for DecodeLossless.
func ReadMessages(file string) ([]json.RawMessage, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var messages []json.RawMessage
	if err := json.Unmarshal(text, &messages); err != nil {
		return nil, fmt.Errorf("%s is not one JSON array: %w", file, err)
	}
	return messages, nil
}

// DecodeLossless reads one lossless JSON value into Go values: int64, uint64 or *big.Int for
// integers, float64 for other numbers, []byte for {"$bytes": …}, map[string]any, []any.
func DecodeLossless(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return ToNative(v)
}

// ToNative turns what Decoder.UseNumber produced into the Go values an application would encode.
func ToNative(v any) (any, error) {
	switch x := v.(type) {
	case json.Number:
		return numberValue(string(x))
	case map[string]any:
		if b, ok := x["$bytes"].(string); ok && len(x) == 1 {
			return base64.StdEncoding.DecodeString(b)
		}
		for k, e := range x {
			n, err := ToNative(e)
			if err != nil {
				return nil, err
			}
			x[k] = n
		}
		return x, nil
	case []any:
		for i, e := range x {
			n, err := ToNative(e)
			if err != nil {
				return nil, err
			}
			x[i] = n
		}
		return x, nil
	}
	return v, nil
}

func numberValue(s string) (any, error) {
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return u, nil
		}
		if b, ok := new(big.Int).SetString(s, 10); ok {
			return b, nil
		}
	}
	return strconv.ParseFloat(s, 64)
}

// ToLossless turns a decoded Go value back into lossless JSON (json.Number keeps integers exact;
// floats always carry a '.' or an exponent so the parent reads them as floats again).
func ToLossless(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string, json.Number:
		return x, nil
	case float64:
		return floatNumber(x, 64)
	case float32:
		return floatNumber(float64(x), 32)
	case []byte:
		return map[string]any{"$bytes": base64.StdEncoding.EncodeToString(x)}, nil
	case *big.Int:
		return json.Number(x.String()), nil
	case big.Int:
		return json.Number(x.String()), nil
	case time.Time:
		return x.Format(time.RFC3339Nano), nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			n, err := ToLossless(e)
			if err != nil {
				return nil, err
			}
			out[k] = n
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			n, err := ToLossless(e)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	}
	return reflected(v)
}

// reflected covers the integer kinds and maps with non-string keys (CBOR, MessagePack) by kind.
func reflected(v any) (any, error) {
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return json.Number(strconv.FormatInt(r.Int(), 10)), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return json.Number(strconv.FormatUint(r.Uint(), 10)), nil
	case reflect.Map:
		out := make(map[string]any, r.Len())
		iter := r.MapRange()
		for iter.Next() {
			n, err := ToLossless(iter.Value().Interface())
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(iter.Key().Interface())] = n
		}
		return out, nil
	case reflect.Slice, reflect.Array:
		out := make([]any, r.Len())
		for i := range out {
			n, err := ToLossless(r.Index(i).Interface())
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	}
	return nil, fmt.Errorf("no lossless JSON for a %T", v)
}

func floatNumber(f float64, bits int) (any, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, fmt.Errorf("%v has no JSON spelling", f)
	}
	s := strconv.FormatFloat(f, 'g', -1, bits)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return json.Number(s), nil
}
