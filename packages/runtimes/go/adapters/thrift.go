package adapters

import (
	"context"
	"fmt"
	"sort"

	"github.com/apache/thrift/lib/go/thrift"

	"wirebench/runtimes/go/child"
)

// Apache Thrift (github.com/apache/thrift) on code from `thrift --gen go`, in the binary or the compact
// protocol: encode is TSerializer.Write(struct), decode TDeserializer.Read into a new struct, the way
// Go code serializes a struct outside RPC. Go has no registry of generated Thrift types, so the
// per-schema binary's generated package registers its root struct by IDL name in its init (the
// parent writes that file beside the generated code). The input (the `thriftjson` shape) is one
// TJSONProtocol struct per line, read with the library's TJSONProtocol outside timing; a decoded
// struct goes back to the parent the same way.

// thriftRoots holds a constructor of each generated root struct, by its name in the .thrift.
var thriftRoots = map[string]func() thrift.TStruct{}

// RegisterThriftStruct is called by the generated package's init (per-schema binary only).
func RegisterThriftStruct(name string, make func() thrift.TStruct) {
	thriftRoots[name] = make
}

// thriftModule is the Go module whose version `hello` reports for both entries.
const thriftModule = "github.com/apache/thrift"

func init() {
	child.Register("thrift-binary", thriftModule, func(f child.Format) (*child.Codec, error) {
		return newThriftCodec(f, thrift.NewTBinaryProtocolFactoryConf(&thrift.TConfiguration{}), "TBinaryProtocol")
	})
	child.Register("thrift-compact", thriftModule, func(f child.Format) (*child.Codec, error) {
		return newThriftCodec(f, thrift.NewTCompactProtocolFactoryConf(&thrift.TConfiguration{}), "TCompactProtocol")
	})
}

func newThriftCodec(f child.Format, factory thrift.TProtocolFactory, protocol string) (*child.Codec, error) {
	if f.Schema == nil {
		return nil, fmt.Errorf("thrift needs the .thrift schema's root type (schema.rootType)")
	}
	root, ok := thriftRoots[f.Schema.RootType]
	if !ok {
		names := make([]string, 0, len(thriftRoots))
		for n := range thriftRoots {
			names = append(names, n)
		}
		sort.Strings(names)
		return nil, fmt.Errorf("no generated Go code for struct %s in this binary (the parent builds one per schema with thrift --gen go; this one has %v)", f.Schema.RootType, names)
	}
	ctx := context.Background()
	lines, err := readLines(f.InputFile)
	if err != nil {
		return nil, err
	}
	jsonReader := newDeserializer(thrift.NewTJSONProtocolFactory())
	msgs := make([]thrift.TStruct, len(lines))
	for i, l := range lines {
		msgs[i] = root()
		if err := jsonReader.Read(ctx, msgs[i], l); err != nil {
			return nil, fmt.Errorf("message %d is not TJSONProtocol of %s: %w", i, f.Schema.RootType, err)
		}
	}
	ser := newSerializer(factory)
	de := newDeserializer(factory)
	jsonWriter := newSerializer(thrift.NewTJSONProtocolFactory())
	return &child.Codec{
		Count:  len(msgs),
		Encode: func(j int) ([]byte, error) { return ser.Write(ctx, msgs[j]) },
		Decode: func(b []byte) (any, error) {
			s := root()
			return s, de.Read(ctx, s, b)
		},
		Lossless: func(v any) (any, error) {
			text, err := jsonWriter.Write(ctx, v.(thrift.TStruct))
			if err != nil {
				return nil, err
			}
			return child.DecodeLossless(text)
		},
		Notes: []string{fmt.Sprintf("thrift --gen go structs: TSerializer.Write / TDeserializer.Read into a new struct with %s; inputs read with TJSONProtocol", protocol)},
	}, nil
}

// newSerializer and newDeserializer are the library's NewTSerializer/NewTDeserializer with another
// protocol, as its documentation has them built.
func newSerializer(f thrift.TProtocolFactory) *thrift.TSerializer {
	t := thrift.NewTMemoryBufferLen(1024)
	return &thrift.TSerializer{Transport: t, Protocol: f.GetProtocol(t)}
}

func newDeserializer(f thrift.TProtocolFactory) *thrift.TDeserializer {
	t := thrift.NewTMemoryBufferLen(1024)
	return &thrift.TDeserializer{Transport: t, Protocol: f.GetProtocol(t)}
}
