//! The schema-less child that setup builds: every format except protobuf (whose types are
//! generated per schema by the `proto` package).
fn main() {
    wirebench_rust::main(wirebench_rust::Registry::default())
}
