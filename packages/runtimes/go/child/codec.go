package child

import (
	"fmt"
	"sort"
)

// Codec is one format's library, ready to time: its inputs are already the library's own objects
// (built once, outside timing), so Encode and Decode are exactly the calls an application makes.
type Codec struct {
	// Count is the number of messages; Encode(j) encodes message j (0 ≤ j < Count).
	Count  int
	Encode func(j int) ([]byte, error)
	// Decode reads bytes into the library's own objects.
	Decode func(b []byte) (any, error)
	// Lossless turns a decoded object into lossless JSON in the input file's shape (outside timing).
	Lossless func(decoded any) (any, error)
	// Notes are the choices the adapter made, in its library's words.
	Notes []string
}

// Adapter builds a Codec for one request format.
type Adapter func(f Format) (*Codec, error)

// adapters by `impl`; each library's file registers itself in its init.
var adapters = map[string]Adapter{}

// libraries lists each adapter's module path, so `hello` reports the version linked in.
var libraries = map[string]string{}

// generatorVersions holds the version of each code generator whose output links no library of its
// module (colf's Go code uses only the standard library), as its generated glue registers it.
var generatorVersions = map[string]string{}

// RegisterGeneratorVersion is called by a generated glue package's init: `hello` reports `version`
// for `module`, which build info cannot, since nothing of the module is linked in.
func RegisterGeneratorVersion(module, version string) {
	generatorVersions[module] = version
}

// Register adds an adapter for `impl`, built on the Go module `module` ("" for the standard library).
func Register(impl, module string, a Adapter) {
	if _, dup := adapters[impl]; dup {
		panic("two adapters for " + impl)
	}
	adapters[impl] = a
	if module != "" {
		libraries[impl] = module
	}
}

// Impls lists the registered implementations (for error messages).
func Impls() []string {
	out := make([]string, 0, len(adapters))
	for k := range adapters {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// build runs an adapter and turns its panic, if any, into an error, so one format never stops the rest.
func build(f Format) (c *Codec, err error) {
	a, ok := adapters[f.Impl]
	if !ok {
		return nil, fmt.Errorf("the Go child has no implementation %q (it has %v)", f.Impl, Impls())
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return a(f)
}
