package child

// Count mode (docs/instructions.md, "Other runtimes"): the parent runs this child under
// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=<countSegment> --dump-after=<countSegment>`
// with WIREBENCH_COUNT=1. Only instructions executed inside countSegment, by the thread that runs
// it, are counted (callgrind keeps the collection state per thread), and each call leaves a dump
// file of its own: start-up, set-up, sysmon's and the GC workers' threads never reach a count.
// Nothing here reads a clock: iteration counts come from the data.

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
)

// CountSettings are the parent's InstructionSettings a child follows (contracts' countSettingsSchema).
type CountSettings struct {
	SegmentBytes     int `json:"segmentBytes"`
	MinIterations    int `json:"minIterations"`
	MaxIterations    int `json:"maxIterations"`
	WarmupIterations int `json:"warmupIterations"`
	Segments         int `json:"segments"`
}

type countRequest struct {
	Request
	Count *CountSettings `json:"count"`
}

// countMode says whether the parent started this child to count instructions.
func countMode() bool { return os.Getenv("WIREBENCH_COUNT") == "1" }

// countMark ends a segment: callgrind dumps before it is entered (the parent's marker for Go).
//
//go:noinline
//go:nosplit
func countMark() { markCalls++ }

var markCalls int

func countSegment(fn op, count, n int) int {
	j, local := 0, 0
	for i := 0; i < n; i++ {
		local += fn(j)
		j++
		if j == count {
			j = 0
		}
	}
	return local
}

// segmentIterations mirrors the parent's: about SegmentBytes of encoded messages per segment.
func segmentIterations(meanBytes float64, s *CountSettings) int {
	n := int(float64(s.SegmentBytes)/max(1, meanBytes) + 0.999999)
	return min(s.MaxIterations, max(s.MinIterations, n))
}

// Count speaks the count protocol: request → hello, failed…, segments, done.
func Count() error {
	w := newWire(os.Stdin, os.Stdout)
	var req countRequest
	if err := w.readLine(&req, "count request"); err != nil {
		return err
	}
	if req.Count == nil || req.Count.Segments < 1 || req.Count.MinIterations < 1 {
		return fmt.Errorf("the count request needs count.segments ≥ 1 and count.minIterations ≥ 1")
	}
	// No collection falls due inside a segment: each starts after a full one (below).
	debug.SetGCPercent(-1)
	// The memory profiler samples allocations at random intervals (about one per 512 kB) and
	// unwinds the stack of each sample: thousands of instructions at random places. The parent also
	// sets GODEBUG=memprofilerate=0, which applies from the first allocation.
	runtime.MemProfileRate = 0
	runtime.LockOSThread()
	w.send(map[string]any{"type": "hello", "runtime": "go", "runtimeVersion": runtime.Version(), "libraries": libraryVersions()})
	var labels []any
	for _, f := range req.Formats {
		l, err := prepare(f, false, w)
		if err != nil {
			w.send(map[string]any{"type": "failed", "id": f.ID, "error": err.Error()})
			continue
		}
		total := 0
		for _, b := range l.encoded {
			total += len(b)
		}
		n := segmentIterations(float64(total)/float64(len(l.encoded)), req.Count)
		guard(l, w, "counting", func() {
			for _, name := range opOrder {
				fn := l.ops[name]
				sink += countSegment0(fn, l.codec.Count, req.Count.WarmupIterations)
				for k := 0; k < req.Count.Segments; k++ {
					countMark()
					labels = append(labels, nil)
					sink += countSegment(fn, l.codec.Count, n)
					countMark()
					labels = append(labels, map[string]any{"id": f.ID, "op": name, "iterations": n})
				}
			}
		})
	}
	w.send(map[string]any{"type": "segments", "segments": labels})
	w.send(map[string]any{"type": "done", "checksum": sink % (1 << 31)})
	return nil
}

// countSegment0 is the warm-up: the same loop outside countSegment, so callgrind collects nothing.
//
//go:noinline
func countSegment0(fn op, count, n int) int {
	local := 0
	for i := 0; i < n; i++ {
		local += fn(i % count)
	}
	return local
}
