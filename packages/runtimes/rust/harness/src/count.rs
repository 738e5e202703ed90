//! Count mode (docs/instructions.md, "Other runtimes"): started with WIREBENCH_COUNT=1 under
//! `valgrind --tool=callgrind --dump-before=wirebench_count_mark`, the child runs each operation in
//! segments of N calls between calls of `wirebench_count_mark`, a function of its own that callgrind
//! dumps before: each segment's instructions land in a dump file of their own, and start-up,
//! preparation and warm-up fall in segments nobody reads. Iteration counts come from the data,
//! never from a clock (the codec's loop reads the clock twice per batch: a constant few hundred
//! instructions per segment). Protocol: the request line with `count` → hello, failed…, segments
//! (one label per dump file, null for the gaps), done.
use crate::formats::{self, Registry};
use crate::protocol::{self, Format, failed, send};
use crate::run::{guard, hello};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CountSettings {
    segment_bytes: u64,
    min_iterations: u64,
    max_iterations: u64,
    warmup_iterations: u64,
    segments: u32,
}

#[derive(Deserialize)]
struct CountRequest {
    formats: Vec<Format>,
    count: CountSettings,
}

/// Whether the parent started this child to count instructions.
pub fn count_mode() -> bool {
    std::env::var("WIREBENCH_COUNT").as_deref() == Ok("1")
}

/// The marker: callgrind dumps before it is entered. An exported, never inlined symbol, so its
/// name survives the release build as it is.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn wirebench_count_mark() {
    std::hint::black_box(());
}

fn mark(labels: &mut Vec<Value>, label: Value) {
    wirebench_count_mark();
    labels.push(label);
}

pub fn count(registry: &Registry) -> Result<(), String> {
    let req: CountRequest = protocol::read_line("count request")?;
    let s = &req.count;
    if s.segments < 1 || s.min_iterations < 1 {
        return Err(
            "the count request needs count.segments ≥ 1 and count.minIterations ≥ 1".into(),
        );
    }
    send(hello());
    let mut sink: u64 = 0;
    let mut labels: Vec<Value> = Vec::new();
    for f in &req.formats {
        let r = guard(|| {
            let codec = formats::prepare(f, registry)?;
            let enc = codec.encoded();
            let mean = enc.iter().map(Vec::len).sum::<usize>() as f64 / enc.len().max(1) as f64;
            let n = (s.segment_bytes as f64 / mean.max(1.0)).ceil() as u64;
            let n = n.clamp(s.min_iterations, s.max_iterations.max(s.min_iterations));
            for &op in codec.ops() {
                codec.run(op, s.warmup_iterations.max(1), &mut sink)?;
                for _ in 0..s.segments {
                    mark(&mut labels, Value::Null);
                    codec.run(op, n, &mut sink)?;
                    mark(
                        &mut labels,
                        json!({ "id": f.id, "op": op.name(), "iterations": n }),
                    );
                }
            }
            Ok(())
        });
        if let Err(e) = r {
            failed(&f.id, &format!("counting failed: {e}"));
        }
    }
    send(json!({ "type": "segments", "segments": labels }));
    send(json!({ "type": "done", "checksum": sink % (1 << 31) }));
    Ok(())
}
