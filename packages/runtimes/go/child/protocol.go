// Package child is the Go measurement child of Wirebench's polyglot protocol (docs/polyglot.md):
// it reads one request line on stdin, builds each format's codec, verifies, warms up, times the
// rounds the parent plans and answers JSON lines on stdout. The statistics stay in the Node parent.
package child

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// ProtocolVersion is the protocol this child speaks (contracts' runtime-protocol.ts).
const ProtocolVersion = 1

// Schema names an emitted schema file and its root type.
type Schema struct {
	File     string `json:"file"`
	RootType string `json:"rootType"`
}

// Format is one entry of the request's formats.
type Format struct {
	ID           string  `json:"id"`
	Format       string  `json:"format"`
	Impl         string  `json:"impl"`
	InputFile    string  `json:"inputFile"`
	Schema       *Schema `json:"schema,omitempty"`
	GeneratedDir string  `json:"generatedDir,omitempty"`
}

// Settings mirror the Node harness's MeasureSettings that a child follows.
type Settings struct {
	Rounds              int     `json:"rounds"`
	TargetSampleMs      float64 `json:"targetSampleMs"`
	WarmupMinMs         float64 `json:"warmupMinMs"`
	WarmupMinIterations int     `json:"warmupMinIterations"`
	WarmupEnoughMs      float64 `json:"warmupEnoughMs"`
	WarmupMaxMs         float64 `json:"warmupMaxMs"`
	WarmupTolerance     float64 `json:"warmupTolerance"`
}

// Request is the one line the parent writes first.
type Request struct {
	Protocol int      `json:"protocol"`
	Process  int      `json:"process"`
	Verify   bool     `json:"verify"`
	WorkDir  string   `json:"workDir"`
	Formats  []Format `json:"formats"`
	Settings Settings `json:"settings"`
}

// OpPlan is the parent's number of timed samples for one format's operation.
type OpPlan struct {
	ID      string `json:"id"`
	Op      string `json:"op"`
	Samples int    `json:"samples"`
}

// Plan is the line the parent writes after `ready`.
type Plan struct {
	Type  string   `json:"type"`
	Plans []OpPlan `json:"plans"`
}

// wire reads request lines on stdin and writes messages on stdout, one JSON object a line.
type wire struct {
	in  *bufio.Reader
	out *bufio.Writer
}

func newWire(in io.Reader, out io.Writer) *wire {
	return &wire{in: bufio.NewReaderSize(in, 1<<16), out: bufio.NewWriterSize(out, 1<<16)}
}

// send writes one message and flushes, so the parent sees progress as it happens (never inside timing).
func (w *wire) send(msg map[string]any) {
	line, err := json.Marshal(msg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "wirebench-go: cannot write a %v message: %v\n", msg["type"], err)
		os.Exit(1)
	}
	w.out.Write(line)
	w.out.WriteByte('\n')
	w.out.Flush()
}

// readLine reads one whole line, however long (a request names files, so it stays small).
func (w *wire) readLine(into any, what string) error {
	line, err := w.in.ReadBytes('\n')
	if err != nil && (err != io.EOF || len(line) == 0) {
		return fmt.Errorf("reading the %s line from stdin: %w", what, err)
	}
	if err := json.Unmarshal(line, into); err != nil {
		return fmt.Errorf("the %s line is not valid JSON of the protocol: %w", what, err)
	}
	return nil
}
