package adapters

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"wirebench/runtimes/go/child"
)

// colf(1) names a Go field by the title case of its schema name, and emitColfer writes lowerCamel
// names, so the input's keys and the struct's fields map one to one both ways.
func goFieldName(key string) string {
	r, n := utf8.DecodeRuneInString(key)
	return string(unicode.ToUpper(r)) + key[n:]
}

func colferKey(field string) string {
	r, n := utf8.DecodeRuneInString(field)
	return string(unicode.ToLower(r)) + field[n:]
}

// setColfer fills a generated struct (a pointer) from a lossless input value.
func setColfer(m ColferMessage, v any) error {
	return setValue(reflect.ValueOf(m).Elem(), v, "")
}

func setValue(dst reflect.Value, v any, path string) error {
	at := func() string {
		if path == "" {
			return "/"
		}
		return path
	}
	switch dst.Kind() {
	case reflect.Pointer:
		if v == nil {
			return nil
		}
		p := reflect.New(dst.Type().Elem())
		if err := setValue(p.Elem(), v, path); err != nil {
			return err
		}
		dst.Set(p)
		return nil
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: expected an object for %s, got %T", at(), dst.Type().Name(), v)
		}
		for k, x := range obj {
			f := dst.FieldByName(goFieldName(k))
			if !f.IsValid() {
				return fmt.Errorf("%s: %s has no field for %q", at(), dst.Type().Name(), k)
			}
			if err := setValue(f, x, path+"/"+k); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice:
		if dst.Type().Elem().Kind() == reflect.Uint8 {
			b, ok := v.([]byte)
			if !ok {
				return fmt.Errorf("%s: expected bytes, got %T", at(), v)
			}
			dst.SetBytes(b)
			return nil
		}
		items, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s: expected a list, got %T", at(), v)
		}
		s := reflect.MakeSlice(dst.Type(), len(items), len(items))
		for i, x := range items {
			if err := setValue(s.Index(i), x, fmt.Sprintf("%s/%d", path, i)); err != nil {
				return err
			}
		}
		dst.Set(s)
		return nil
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("%s: expected a bool, got %T", at(), v)
		}
		dst.SetBool(b)
		return nil
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s: expected text, got %T", at(), v)
		}
		dst.SetString(s)
		return nil
	case reflect.Float32, reflect.Float64:
		switch x := v.(type) {
		case float64:
			dst.SetFloat(x)
		case int64:
			dst.SetFloat(float64(x))
		case uint64:
			dst.SetFloat(float64(x))
		default:
			return fmt.Errorf("%s: expected a number, got %T", at(), v)
		}
		return nil
	case reflect.Int32, reflect.Int64:
		var i int64
		switch x := v.(type) {
		case int64:
			i = x
		case uint64:
			// emitColfer carries a list of uint64 as []int64: the same 64 bits, two's complement.
			if dst.Kind() != reflect.Int64 {
				return fmt.Errorf("%s: %d does not fit %s", at(), x, dst.Kind())
			}
			i = int64(x)
		case bool:
			// ... and a list of bool as []int32 of 0 and 1.
			if x {
				i = 1
			}
		default:
			return fmt.Errorf("%s: expected an integer, got %T", at(), v)
		}
		if dst.OverflowInt(i) {
			return fmt.Errorf("%s: %d does not fit %s", at(), i, dst.Kind())
		}
		dst.SetInt(i)
		return nil
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		var u uint64
		switch x := v.(type) {
		case int64:
			if x < 0 {
				return fmt.Errorf("%s: %d does not fit %s", at(), x, dst.Kind())
			}
			u = uint64(x)
		case uint64:
			u = x
		default:
			return fmt.Errorf("%s: expected an unsigned integer, got %T", at(), v)
		}
		if dst.OverflowUint(u) {
			return fmt.Errorf("%s: %d does not fit %s", at(), u, dst.Kind())
		}
		dst.SetUint(u)
		return nil
	}
	return fmt.Errorf("%s: no Colfer value for a %s", at(), dst.Type())
}

// colferLossless turns a decoded generated struct into the input's shape: every field by its schema
// name (a zero value is written as it is, as Colfer reads an absent field), a nil struct left out.
func colferLossless(v any) (any, error) {
	return valueOf(reflect.ValueOf(v))
}

func valueOf(r reflect.Value) (any, error) {
	switch r.Kind() {
	case reflect.Pointer:
		if r.IsNil() {
			return nil, nil
		}
		return valueOf(r.Elem())
	case reflect.Struct:
		out := make(map[string]any, r.NumField())
		t := r.Type()
		for i := 0; i < r.NumField(); i++ {
			f := r.Field(i)
			if f.Kind() == reflect.Pointer && f.IsNil() {
				continue
			}
			x, err := valueOf(f)
			if err != nil {
				return nil, fmt.Errorf("%s.%s: %w", t.Name(), t.Field(i).Name, err)
			}
			out[colferKey(t.Field(i).Name)] = x
		}
		return out, nil
	case reflect.Slice:
		if r.Type().Elem().Kind() == reflect.Uint8 {
			return child.ToLossless(append([]byte{}, r.Bytes()...))
		}
		out := make([]any, r.Len())
		for i := range out {
			x, err := valueOf(r.Index(i))
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case reflect.Float32:
		return child.ToLossless(float32(r.Float()))
	case reflect.Float64:
		f := r.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%v has no JSON spelling", f)
		}
		return child.ToLossless(f)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return child.ToLossless(new(big.Int).SetUint64(r.Uint()))
	case reflect.Int32, reflect.Int64, reflect.Bool, reflect.String:
		return child.ToLossless(r.Interface())
	}
	return nil, fmt.Errorf("no lossless JSON for a %s", strings.TrimSpace(r.Type().String()))
}
