// The Go community's benchmark of proto.Marshal on one AddressBook, as `go test -bench` runs it:
// bench/accuracy/go.ts copies this file into the package protoc-gen-go generated from
// addressbook-go.proto (package pb) and compares its ns/op with Wirebench's median for the same call.
// It lives under testdata so the child's own module never builds it.
package pb

import (
	"encoding/json"
	"os"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// load reads the first message of WIREBENCH_BENCH_INPUT (a JSON array of ProtoJSON messages).
func load(b *testing.B) *AddressBook {
	text, err := os.ReadFile(os.Getenv("WIREBENCH_BENCH_INPUT"))
	if err != nil {
		b.Fatal(err)
	}
	var messages []json.RawMessage
	if err := json.Unmarshal(text, &messages); err != nil || len(messages) == 0 {
		b.Fatalf("WIREBENCH_BENCH_INPUT is not a JSON array of messages: %v", err)
	}
	book := &AddressBook{}
	if err := protojson.Unmarshal(messages[0], book); err != nil {
		b.Fatal(err)
	}
	return book
}

var sink int

func BenchmarkMarshal(b *testing.B) {
	book := load(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := proto.Marshal(book)
		if err != nil {
			b.Fatal(err)
		}
		sink += len(out)
	}
}
