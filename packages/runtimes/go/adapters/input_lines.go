package adapters

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
)

// readLines reads a one-message-per-line input file (the thriftjson shape, and under
// readBase64Lines the flatbuffers/capnp shapes); blank lines are skipped.
func readLines(file string) ([][]byte, error) {
	fh, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var out [][]byte
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
			out = append(out, bytes.Clone(l))
		}
	}
	return out, sc.Err()
}

// readBase64Lines reads an IDL-binary input file (the `flatbuffers`/`capnp` shapes): one message's
// bytes per line, standard base64.
func readBase64Lines(file string) ([][]byte, error) {
	lines, err := readLines(file)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(lines))
	for i, l := range lines {
		if out[i], err = base64.StdEncoding.AppendDecode(nil, l); err != nil {
			return nil, fmt.Errorf("message %d of %s is not base64: %w", i+1, file, err)
		}
	}
	return out, nil
}
