module wirebench/runtimes/go

go 1.24

require (
	github.com/fxamacker/cbor/v2 v2.10.0
	github.com/google/flatbuffers v2.0.8+incompatible
	github.com/linkedin/goavro/v2 v2.15.0
	github.com/vmihailenco/msgpack/v5 v5.4.1
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/golang/snappy v0.0.1 // indirect
	github.com/planetscale/vtprotobuf v0.6.0 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
)

tool (
	github.com/planetscale/vtprotobuf/cmd/protoc-gen-go-vtproto
	google.golang.org/protobuf/cmd/protoc-gen-go
)
