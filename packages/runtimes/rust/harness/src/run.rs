//! One child's life (docs/polyglot.md "The protocol"): request → hello → prepare and verify each
//! format → warm up and calibrate → ready → plan → interleaved rounds of samples → done.
use crate::codec::Codec;
use crate::formats::{self, Registry};
use crate::protocol::{self, Format, Op, Plan, Request, failed, send};
use crate::timing::{Calibration, calibrate};
use base64::{Engine, engine::general_purpose::STANDARD as B64};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

struct Live {
    format: Format,
    codec: Box<dyn Codec>,
    calibrated: Vec<(Op, Calibration)>,
}

/// Runs `f`, turning a panic inside a library into an error of that format alone.
pub(crate) fn guard<T>(f: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => Err(p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .map_or_else(|| "panicked".into(), |m| format!("panicked: {m}"))),
    }
}

pub(crate) fn hello() -> Value {
    let libraries: serde_json::Map<String, Value> = env!("WIREBENCH_LIBRARIES")
        .split(',')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
        .collect();
    json!({ "type": "hello", "runtime": "rust", "runtimeVersion": env!("WIREBENCH_RUSTC_VERSION"), "libraries": libraries })
}

fn verify(id: &str, codec: &dyn Codec) -> Result<Value, String> {
    let encoded = codec.encoded();
    let decoded = encoded
        .iter()
        .enumerate()
        .map(|(i, b)| {
            codec
                .decode_to_json(b)
                .map_err(|e| format!("decoding message {i}: {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let b64: Vec<String> = encoded.iter().map(|b| B64.encode(b)).collect();
    Ok(
        json!({ "type": "verified", "id": id, "encoded": b64, "decoded": decoded, "notes": codec.notes() }),
    )
}

/// Samples of a plan that fall in `round` (earlier rounds get the remainder), as the Node harness.
fn samples_in_round(samples: u32, rounds: u32, round: u32) -> u32 {
    samples / rounds + u32::from(round < samples % rounds)
}

pub fn run(registry: &Registry) -> Result<(), String> {
    let req: Request = protocol::read_line("request")?;
    if req.protocol != protocol::PROTOCOL_VERSION {
        return Err(format!(
            "protocol {} requested; this child speaks {}",
            req.protocol,
            protocol::PROTOCOL_VERSION
        ));
    }
    send(hello());
    let s = &req.settings;
    let mut sink: u64 = 0;

    let mut live: Vec<Live> = Vec::new();
    for f in &req.formats {
        let prepared = guard(|| {
            let codec = formats::prepare(f, registry)?;
            let answer = if req.verify {
                Some(verify(&f.id, codec.as_ref())?)
            } else {
                None
            };
            Ok((codec, answer))
        });
        match prepared {
            Ok((codec, answer)) => {
                if let Some(a) = answer {
                    send(a);
                }
                live.push(Live {
                    format: f.clone(),
                    codec,
                    calibrated: Vec::new(),
                });
            }
            Err(e) => failed(&f.id, &e),
        }
    }

    // Warm every format up before any timed round, so rounds compare settled code for all of them.
    live.retain_mut(|l| {
        let r = guard(|| {
            for &op in l.codec.ops() {
                let c = calibrate(s, |n| l.codec.run(op, n, &mut sink))?;
                send(json!({ "type": "calibrated", "id": l.format.id, "op": op.name(), "iterations": c.iterations, "nsPerOp": c.ns_per_op, "stable": c.stable }));
                l.calibrated.push((op, c));
            }
            Ok(())
        });
        r.map_err(|e| failed(&l.format.id, &format!("warming up failed: {e}"))).is_ok()
    });

    send(json!({ "type": "ready" }));
    let plan: Plan = protocol::read_line("plan")?;
    if plan.kind != "plan" {
        return Err(format!("expected a plan, got {:?}", plan.kind));
    }
    let samples: HashMap<(&str, Op), u32> = plan
        .plans
        .iter()
        .map(|p| ((p.id.as_str(), p.op), p.samples))
        .collect();

    let mut broken = vec![false; live.len()];
    for round in 0..s.rounds {
        // The starting format rotates each round so none always runs first.
        for k in 0..live.len() {
            let idx = (k + round as usize) % live.len();
            if broken[idx] {
                continue;
            }
            let l = &live[idx];
            let r = guard(|| {
                for &(op, c) in &l.calibrated {
                    let planned = samples
                        .get(&(l.format.id.as_str(), op))
                        .copied()
                        .unwrap_or(0);
                    let count = samples_in_round(planned, s.rounds, round);
                    if count == 0 {
                        continue;
                    }
                    // One untimed batch first: other formats ran since this one last did.
                    l.codec.run(op, c.iterations, &mut sink)?;
                    let mut ns_per_op = Vec::with_capacity(count as usize);
                    for _ in 0..count {
                        ns_per_op.push(
                            l.codec.run(op, c.iterations, &mut sink)? as f64 / c.iterations as f64,
                        );
                    }
                    send(
                        json!({ "type": "samples", "id": l.format.id, "op": op.name(), "round": round, "nsPerOp": ns_per_op, "iterations": c.iterations }),
                    );
                }
                Ok(())
            });
            if let Err(e) = r {
                broken[idx] = true;
                failed(&l.format.id, &format!("measuring failed: {e}"));
            }
        }
    }
    // Within 2^53 so the checksum survives JSON numbers exactly.
    send(json!({ "type": "done", "checksum": sink % (1u64 << 53) }));
    Ok(())
}
