//! The community's way to time a Rust library: a criterion benchmark of prost's `encode_to_vec` on
//! the generated type of the schema this package was built with (WIREBENCH_PROTO_FILE/_ROOT), over
//! the messages of WIREBENCH_BENCH_INPUT (a ProtoJSON array, the same file the harness reads),
//! cycling through them as the harness's timed loop does. bench/accuracy/rust.ts runs it and
//! compares criterion's estimate with Wirebench's median.
use criterion::{Criterion, criterion_group, criterion_main};

#[cfg(wirebench_proto)]
include!(concat!(env!("OUT_DIR"), "/wirebench_schema.rs"));

#[cfg(wirebench_proto)]
fn encode(c: &mut Criterion) {
    use prost::Message;
    use std::hint::black_box;
    let input = std::env::var("WIREBENCH_BENCH_INPUT")
        .expect("WIREBENCH_BENCH_INPUT names a ProtoJSON array");
    let text = std::fs::read_to_string(&input).expect("reading WIREBENCH_BENCH_INPUT");
    let json: Vec<serde_json::Value> =
        serde_json::from_str(&text).expect("a JSON array of messages");
    let reg = PROTOBUF.expect("built with a schema");
    let messages: Vec<Root> = wirebench_rust::formats::protobuf::messages_from_protojson(
        &reg.descriptor().unwrap(),
        &json,
    )
    .unwrap();
    let mut j = 0;
    c.bench_function("prost encode_to_vec", |b| {
        b.iter(|| {
            let m = black_box(&messages[j]);
            j = if j + 1 == messages.len() { 0 } else { j + 1 };
            m.encode_to_vec()
        })
    });
}

#[cfg(not(wirebench_proto))]
fn encode(_: &mut Criterion) {
    panic!("build this benchmark with WIREBENCH_PROTO_FILE and WIREBENCH_PROTO_ROOT set");
}

criterion_group!(benches, encode);
criterion_main!(benches);
