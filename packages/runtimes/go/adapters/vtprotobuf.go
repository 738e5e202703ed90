package adapters

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"wirebench/runtimes/go/child"
)

// vtMessage is what planetscale/vtprotobuf's protoc-gen-go-vtproto adds to the generated types:
// reflection-free marshalling code, written out per message (features marshal, unmarshal, size).
type vtMessage interface {
	proto.Message
	MarshalVT() ([]byte, error)
	UnmarshalVT([]byte) error
}

// vtprotobuf: the same generated messages as the protobuf adapter (found by name in
// protoregistry.GlobalTypes, read with protojson outside timing), timed with MarshalVT/UnmarshalVT.
// Same wire format, so its bytes must equal proto.Marshal's.
func init() {
	child.Register("vtprotobuf", "github.com/planetscale/vtprotobuf", func(f child.Format) (*child.Codec, error) {
		if f.Schema == nil {
			return nil, fmt.Errorf("vtprotobuf needs the emitted .proto's root type (schema.rootType)")
		}
		mt, err := protoregistry.GlobalTypes.FindMessageByName(protoreflect.FullName(f.Schema.RootType))
		if err != nil {
			return nil, fmt.Errorf("no generated Go code for %s in this binary (the parent builds one per schema with protoc-gen-go and protoc-gen-go-vtproto): %w", f.Schema.RootType, err)
		}
		if _, ok := mt.New().Interface().(vtMessage); !ok {
			return nil, fmt.Errorf("%s has no MarshalVT/UnmarshalVT: the binary was built without protoc-gen-go-vtproto", f.Schema.RootType)
		}
		raw, err := child.ReadMessages(f.InputFile)
		if err != nil {
			return nil, err
		}
		msgs := make([]vtMessage, len(raw))
		for i, r := range raw {
			msgs[i] = mt.New().Interface().(vtMessage)
			if err := protojson.Unmarshal(r, msgs[i]); err != nil {
				return nil, fmt.Errorf("message %d is not ProtoJSON of %s: %w", i, f.Schema.RootType, err)
			}
		}
		return &child.Codec{
			Count:  len(msgs),
			Encode: func(j int) ([]byte, error) { return msgs[j].MarshalVT() },
			Decode: func(b []byte) (any, error) {
				m := mt.New().Interface().(vtMessage)
				return m, m.UnmarshalVT(b)
			},
			Lossless: func(v any) (any, error) {
				text, err := protojson.Marshal(v.(proto.Message))
				if err != nil {
					return nil, err
				}
				return child.DecodeLossless(text)
			},
			Notes: []string{"protoc-gen-go + protoc-gen-go-vtproto (features marshal+unmarshal+size) generated code; inputs read with protojson.Unmarshal; timed MarshalVT / UnmarshalVT"},
		}, nil
	})
}
