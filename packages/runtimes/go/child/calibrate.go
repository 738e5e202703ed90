package child

import (
	"fmt"
	"math"
	"time"
)

// op is one timed operation of a codec: call j of a batch, returning something to fold into the sink.
type op func(j int) int

// sink folds every result the timed loops produce and is reported in `done`, so no compiler could
// drop the work (Go's does not remove calls through function values, but the checksum proves it).
var sink int

// timeBatch runs `n` calls of `fn` over the messages cyclically and returns the batch's nanoseconds
// (time.Now reads the monotonic clock; its difference is monotonic nanoseconds).
func timeBatch(fn op, count, n int) int64 {
	j, local := 0, 0
	t0 := time.Now()
	for i := 0; i < n; i++ {
		local += fn(j)
		j++
		if j == count {
			j = 0
		}
	}
	ns := time.Since(t0).Nanoseconds()
	sink += local
	return ns
}

// encodeOp and decodeOp wrap a codec's calls; an error inside timing panics, and the format fails.
func encodeOp(c *Codec) op {
	return func(j int) int {
		b, err := c.Encode(j)
		if err != nil {
			panic(fmt.Sprintf("encode of message %d: %v", j, err))
		}
		return len(b)
	}
}

func decodeOp(c *Codec, encoded [][]byte) op {
	return func(j int) int {
		v, err := c.Decode(encoded[j])
		if err != nil {
			panic(fmt.Sprintf("decode of message %d: %v", j, err))
		}
		if v == nil {
			return 0
		}
		return 1
	}
}

// calibration is what warm-up found: calls per sample, whether it settled, and one call's cost.
type calibration struct {
	iterations int
	stable     bool
	nsPerOp    float64
}

// warmUpAndCalibrate follows the Node harness (packages/codecs/src/harness/calibrate.ts): grow the
// batch until one lasts targetSampleMs, and stop when the last three batches agree within
// warmupTolerance after warmupMinMs and warmupMinIterations calls (or warmupEnoughMs), or at warmupMaxMs.
func warmUpAndCalibrate(fn op, count int, s Settings) calibration {
	targetNs := s.TargetSampleMs * 1e6
	start := time.Now()
	n, calls := 1, 0
	var recent []float64
	for {
		ns := float64(timeBatch(fn, count, n))
		calls += n
		if ns < targetNs*0.8 {
			// Too short to time reliably: scale towards the target (at most ×10 a step), restart the window.
			next := int(math.Ceil(float64(n) * targetNs / max(ns, 1)))
			n = max(n+1, min(n*10, next))
			recent = recent[:0]
		} else {
			recent = append(recent, ns/float64(n))
			if len(recent) > 3 {
				recent = recent[1:]
			}
		}
		t := float64(time.Since(start).Nanoseconds()) / 1e6
		enoughCalls := calls >= s.WarmupMinIterations || t >= s.WarmupEnoughMs
		if len(recent) == 3 && t >= s.WarmupMinMs && enoughCalls {
			lo, hi := minMax(recent)
			if (hi-lo)/lo <= s.WarmupTolerance {
				return calibration{n, true, lo}
			}
		}
		if t >= s.WarmupMaxMs {
			// The fastest recent batch: one the scheduler preempted can look far dearer than the call is.
			if len(recent) > 0 {
				lo, _ := minMax(recent)
				return calibration{n, false, lo}
			}
			return calibration{n, false, max(ns/float64(n), 1e-3)}
		}
	}
}

func minMax(xs []float64) (lo, hi float64) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		lo, hi = min(lo, x), max(hi, x)
	}
	return lo, hi
}
