//! The timed loop and the warm-up/calibration of docs/polyglot.md, ported from the Node harness
//! (packages/codecs/src/harness/calibrate.ts, timed-batch.ts) so every runtime follows one rule.
use crate::protocol::Settings;
use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Instant;

/// Runs `f` `n` times over `items` (cyclically, as the Node loop does) and returns the batch's
/// nanoseconds. Each result goes through `black_box` and a cheap fact about it (`weigh`) is folded
/// into `sink`, which the child reports at the end, so the optimiser can drop none of the calls.
/// Generic, so each codec gets a loop of its own with the library call inlined, as an application's
/// hot loop would have it.
#[inline(always)]
pub fn timed<I, R, E>(
    items: &[I],
    n: u64,
    sink: &mut u64,
    mut f: impl FnMut(&I) -> Result<R, E>,
    weigh: impl Fn(&R) -> u64,
) -> Result<u64, E> {
    let len = items.len();
    let mut j = 0;
    let mut local = 0u64;
    let t0 = Instant::now();
    for _ in 0..n {
        let r = f(black_box(&items[j]))?;
        local = local.wrapping_add(weigh(&r));
        black_box(r);
        j = if j + 1 == len { 0 } else { j + 1 };
    }
    let ns = t0.elapsed().as_nanos() as u64;
    *sink = sink.wrapping_add(local);
    // A batch never takes zero time as far as the protocol goes (ns per call must be positive).
    Ok(ns.max(1))
}

#[derive(Clone, Copy, Debug)]
pub struct Calibration {
    pub iterations: u64,
    pub stable: bool,
    pub ns_per_op: f64,
}

/// Grows the batch until one lasts `targetSampleMs`, then runs until the per-call time of the last
/// three batches agrees within `warmupTolerance`, after `warmupMinMs` and `warmupMinIterations`
/// calls (or `warmupEnoughMs`); stops at `warmupMaxMs` regardless. Rust needs no JIT warm-up, but
/// caches, the allocator and the CPU's frequency do settle, and the rule is the same everywhere.
pub fn calibrate(
    s: &Settings,
    mut batch: impl FnMut(u64) -> Result<u64, String>,
) -> Result<Calibration, String> {
    let target_ns = s.target_sample_ms * 1e6;
    let start = Instant::now();
    let mut n: u64 = 1;
    let mut calls: u64 = 0;
    let mut recent: VecDeque<f64> = VecDeque::with_capacity(4);
    loop {
        let ns = batch(n)? as f64;
        calls += n;
        if ns < target_ns * 0.8 {
            // Too short to time reliably: scale towards the target (at most ×10 a step), restart the window.
            let scaled = ((n as f64) * target_ns / ns.max(1.0)).ceil() as u64;
            n = (n + 1).max((n * 10).min(scaled));
            recent.clear();
        } else {
            recent.push_back(ns / n as f64);
            if recent.len() > 3 {
                recent.pop_front();
            }
        }
        let t = start.elapsed().as_secs_f64() * 1e3;
        let enough_calls = calls >= s.warmup_min_iterations || t >= s.warmup_enough_ms;
        let lo = recent.iter().copied().fold(f64::INFINITY, f64::min);
        if recent.len() == 3 && t >= s.warmup_min_ms && enough_calls {
            let hi = recent.iter().copied().fold(0.0, f64::max);
            if (hi - lo) / lo <= s.warmup_tolerance {
                return Ok(Calibration {
                    iterations: n,
                    stable: true,
                    ns_per_op: lo,
                });
            }
        }
        if t >= s.warmup_max_ms {
            // The fastest recent batch: one the scheduler preempted can look far dearer than the call is.
            let ns_per_op = if recent.is_empty() { ns / n as f64 } else { lo };
            return Ok(Calibration {
                iterations: n,
                stable: false,
                ns_per_op,
            });
        }
    }
}
