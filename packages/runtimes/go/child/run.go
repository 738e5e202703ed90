package child

import (
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
)

// live is one format that built and verified: its codec, its encoded messages and its timed ops.
type live struct {
	f       Format
	codec   *Codec
	encoded [][]byte
	ops     map[string]op
	cal     map[string]calibration
	failed  bool
}

var opOrder = []string{"encode", "decode"}

// Main runs the protocol on stdin/stdout and exits: 0 after `done`, 2 on a bad request.
func Main() {
	run := func() error { return Run(os.Stdin, os.Stdout) }
	if countMode() { // instruction counts under callgrind (count.go)
		run = Count
	}
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "wirebench-go: %v\n", err)
		os.Exit(2)
	}
}

// Run speaks the protocol: request → hello, verified/failed, calibrated, ready ← plan → samples, done.
func Run(in io.Reader, out io.Writer) error {
	w := newWire(in, out)
	var req Request
	if err := w.readLine(&req, "request"); err != nil {
		return err
	}
	if req.Protocol != ProtocolVersion {
		return fmt.Errorf("the request speaks protocol %d; this child speaks %d", req.Protocol, ProtocolVersion)
	}
	if req.Settings.Rounds < 1 || req.Settings.TargetSampleMs <= 0 || req.Settings.WarmupMaxMs <= 0 {
		return fmt.Errorf("the request's settings need rounds ≥ 1 and positive targetSampleMs and warmupMaxMs")
	}
	w.send(map[string]any{"type": "hello", "runtime": "go", "runtimeVersion": runtime.Version(), "libraries": libraryVersions()})

	var formats []*live
	for _, f := range req.Formats {
		l, err := prepare(f, req.Verify, w)
		if err != nil {
			w.send(map[string]any{"type": "failed", "id": f.ID, "error": err.Error()})
			continue
		}
		formats = append(formats, l)
	}
	for _, l := range formats {
		guard(l, w, "warming up", func() {
			for _, name := range opOrder {
				c := warmUpAndCalibrate(l.ops[name], l.codec.Count, req.Settings)
				l.cal[name] = c
				w.send(map[string]any{"type": "calibrated", "id": l.f.ID, "op": name, "iterations": c.iterations, "nsPerOp": c.nsPerOp, "stable": c.stable})
			}
		})
	}
	w.send(map[string]any{"type": "ready"})
	var plan Plan
	if err := w.readLine(&plan, "plan"); err != nil {
		return err
	}
	samples := map[string]int{}
	for _, p := range plan.Plans {
		samples[p.ID+"\x00"+p.Op] = p.Samples
	}
	timeRounds(formats, samples, req.Settings.Rounds, w)
	w.send(map[string]any{"type": "done", "checksum": sink % (1 << 31)})
	return nil
}

// prepare builds the codec, encodes and decodes every message once (outside timing), and sends
// `verified` when asked; any failure is this format's alone.
func prepare(f Format, verify bool, w *wire) (l *live, err error) {
	c, err := build(f)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			l, err = nil, fmt.Errorf("%v", r)
		}
	}()
	l = &live{f: f, codec: c, ops: map[string]op{}, cal: map[string]calibration{}}
	b64 := make([]string, c.Count)
	decoded := make([]any, c.Count)
	for j := 0; j < c.Count; j++ {
		b, err := c.Encode(j)
		if err != nil {
			return nil, fmt.Errorf("encoding message %d: %w", j, err)
		}
		l.encoded = append(l.encoded, b)
		if !verify {
			continue
		}
		b64[j] = base64.StdEncoding.EncodeToString(b)
		v, err := c.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("decoding message %d: %w", j, err)
		}
		if decoded[j], err = c.Lossless(v); err != nil {
			return nil, fmt.Errorf("writing decoded message %d as JSON: %w", j, err)
		}
	}
	if c.Count == 0 {
		return nil, fmt.Errorf("%s has no messages", f.InputFile)
	}
	if verify {
		msg := map[string]any{"type": "verified", "id": f.ID, "encoded": b64, "decoded": decoded}
		if len(c.Notes) > 0 {
			msg["notes"] = c.Notes
		}
		w.send(msg)
	}
	l.ops["encode"] = encodeOp(c)
	l.ops["decode"] = decodeOp(c, l.encoded)
	return l, nil
}

// guard runs one step of a format; a panic fails that format only and it takes no further part.
func guard(l *live, w *wire, step string, work func()) {
	if l.failed {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			l.failed = true
			w.send(map[string]any{"type": "failed", "id": l.f.ID, "error": fmt.Sprintf("%s failed: %v", step, r)})
		}
	}()
	work()
}

// timeRounds interleaves the formats (A B C … A B C …, the first one rotating each round); each
// operation gets one untimed batch, then its samples for the round.
func timeRounds(formats []*live, samples map[string]int, rounds int, w *wire) {
	for round := 0; round < rounds; round++ {
		for k := range formats {
			l := formats[(k+round)%len(formats)]
			guard(l, w, "measuring", func() {
				for _, name := range opOrder {
					count := inRound(samples[l.f.ID+"\x00"+name], rounds, round)
					if count == 0 {
						continue
					}
					c, fn := l.cal[name], l.ops[name]
					timeBatch(fn, l.codec.Count, c.iterations)
					ns := make([]float64, count)
					for i := range ns {
						ns[i] = max(float64(timeBatch(fn, l.codec.Count, c.iterations))/float64(c.iterations), 1e-3)
					}
					w.send(map[string]any{"type": "samples", "id": l.f.ID, "op": name, "round": round, "nsPerOp": ns, "iterations": c.iterations})
				}
			})
		}
	}
}

// inRound spreads an operation's samples over the rounds as evenly as possible, earlier rounds first.
func inRound(samples, rounds, round int) int {
	n := samples / rounds
	if round < samples%rounds {
		n++
	}
	return n
}

// libraryVersions reads the versions linked into this binary from its build info.
func libraryVersions() map[string]string {
	out := map[string]string{"encoding/json": runtime.Version()}
	for m, v := range generatorVersions {
		out[m] = v
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return out
	}
	wanted := map[string]bool{}
	for _, m := range libraries {
		wanted[m] = true
	}
	for _, d := range info.Deps {
		if wanted[d.Path] {
			out[d.Path] = d.Version
		}
	}
	return out
}
