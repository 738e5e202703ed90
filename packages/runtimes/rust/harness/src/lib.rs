//! Wirebench's Rust measurement child (docs/polyglot.md). The schema-less binary (`src/main.rs`)
//! and each per-schema binary (`../proto`) call `main` with what they were built with.
pub mod codec;
pub mod count;
pub mod formats;
pub mod lossless;
pub mod protocol;
pub mod run;
pub mod timing;

pub use formats::Registry;

/// Speaks the protocol on stdin/stdout; exits 0 after `done`, 2 when the parent's lines are unusable.
pub fn main(registry: Registry) -> ! {
    // Instruction counts under callgrind (count.rs) or the timed protocol.
    let done = if count::count_mode() {
        count::count(&registry)
    } else {
        run::run(&registry)
    };
    match done {
        Ok(()) => std::process::exit(0),
        Err(e) => {
            eprintln!("wirebench-rust: {e}");
            std::process::exit(2)
        }
    }
}
