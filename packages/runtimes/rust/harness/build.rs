//! Bakes what `hello` reports into the binary: the compiler's own `rustc --version` and the exact
//! version of each measured crate as Cargo.lock pins it, so the result says what really ran.
use std::{env, fs, path::PathBuf, process::Command};

/// The crates whose versions the `hello` message lists (the libraries the formats measure).
const LIBRARIES: &[&str] = &[
    "prost",
    "prost-reflect",
    "apache-avro",
    "rmp-serde",
    "ciborium",
    "serde_json",
    "bincode",
    "flatbuffers",
    "capnp",
];

fn main() {
    let lock = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|_| "rustc (unknown version)".into());
    println!("cargo:rustc-env=WIREBENCH_RUSTC_VERSION={version}");

    let text = fs::read_to_string(&lock).unwrap_or_default();
    let mut pairs = Vec::new();
    // Cargo.lock is `[[package]]` blocks of `name = "…"` then `version = "…"`.
    let mut name: Option<&str> = None;
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("name = \"") {
            name = Some(v.trim_end_matches('"'));
        } else if let (Some(n), Some(v)) = (name, line.strip_prefix("version = \"")) {
            if LIBRARIES.contains(&n) {
                pairs.push(format!("{n}={}", v.trim_end_matches('"')));
            }
            name = None;
        }
    }
    println!("cargo:rustc-env=WIREBENCH_LIBRARIES={}", pairs.join(","));
}
