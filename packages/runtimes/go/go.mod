module wirebench/runtimes/go

go 1.24

require (
	capnproto.org/go/capnp/v3 v3.1.0-alpha.1
	github.com/apache/thrift v0.17.0
	github.com/fxamacker/cbor/v2 v2.10.0
	github.com/google/flatbuffers v2.0.8+incompatible
	github.com/linkedin/goavro/v2 v2.15.0
	github.com/vmihailenco/msgpack/v5 v5.4.1
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/colega/zeropool v0.0.0-20230505084239-6fb4a4f75381 // indirect
	github.com/golang/snappy v0.0.1 // indirect
	github.com/pascaldekloe/colfer v1.8.1 // indirect
	github.com/pascaldekloe/name v1.0.0 // indirect
	github.com/planetscale/vtprotobuf v0.6.0 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
	golang.org/x/mod v0.2.0 // indirect
	golang.org/x/sync v0.7.0 // indirect
	golang.org/x/xerrors v0.0.0-20191011141410-1b5146add898 // indirect
)

tool (
	capnproto.org/go/capnp/v3/capnpc-go
	github.com/pascaldekloe/colfer/cmd/colf
	github.com/planetscale/vtprotobuf/cmd/protoc-gen-go-vtproto
	google.golang.org/protobuf/cmd/protoc-gen-go
)
