//! Wirebench's Rust measurement child (docs/polyglot.md). The schema-less binary (`src/main.rs`)
//! and each per-schema binary (`../proto`) call `main` with what they were built with.
pub mod codec;
pub mod formats;
pub mod lossless;
pub mod protocol;
pub mod run;
pub mod timing;

pub use formats::Registry;

/// Speaks the protocol on stdin/stdout; exits 0 after `done`, 2 when the parent's lines are unusable.
pub fn main(registry: Registry) -> ! {
    match run::run(&registry) {
        Ok(()) => std::process::exit(0),
        Err(e) => {
            eprintln!("wirebench-rust: {e}");
            std::process::exit(2)
        }
    }
}
