//! The protocol's messages (docs/polyglot.md; zod in packages/contracts/src/runtime/runtime-protocol.ts).
//! The request and the plan are read with serde; child messages are written one JSON object a line.
use serde::Deserialize;
use serde_json::{Value, json};
use std::io::{BufRead, Write};

pub const PROTOCOL_VERSION: u64 = 1;

#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    Encode,
    Decode,
    Access,
}

impl Op {
    pub fn name(self) -> &'static str {
        match self {
            Op::Encode => "encode",
            Op::Decode => "decode",
            Op::Access => "access",
        }
    }
}

#[derive(Deserialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SchemaRef {
    pub file: String,
    pub root_type: String,
}

#[derive(Deserialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Format {
    pub id: String,
    pub format: String,
    #[serde(rename = "impl")]
    pub impl_: String,
    pub input_file: String,
    pub schema: Option<SchemaRef>,
    pub generated_dir: Option<String>,
}

/// Same meaning as the Node harness's MeasureSettings (packages/codecs/src/harness/settings.ts).
#[derive(Deserialize, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub rounds: u32,
    pub target_sample_ms: f64,
    pub warmup_min_ms: f64,
    pub warmup_min_iterations: u64,
    pub warmup_enough_ms: f64,
    pub warmup_max_ms: f64,
    pub warmup_tolerance: f64,
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    pub protocol: u64,
    pub process: u32,
    pub verify: bool,
    pub work_dir: String,
    pub formats: Vec<Format>,
    pub settings: Settings,
}

#[derive(Deserialize, Debug)]
pub struct PlanEntry {
    pub id: String,
    pub op: Op,
    pub samples: u32,
}

#[derive(Deserialize, Debug)]
pub struct Plan {
    #[serde(rename = "type")]
    pub kind: String,
    pub plans: Vec<PlanEntry>,
}

/// Reads one line of stdin as `T`; a clear message when the parent sent something else.
pub fn read_line<T: serde::de::DeserializeOwned>(what: &str) -> Result<T, String> {
    let mut line = String::new();
    let n = std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("reading the {what} from stdin: {e}"))?;
    if n == 0 {
        return Err(format!("stdin closed before the {what} arrived"));
    }
    serde_json::from_str(&line).map_err(|e| format!("the {what} is not valid: {e}"))
}

/// Writes one message as a line and flushes, so the parent sees progress as it happens.
pub fn send(msg: Value) {
    let mut out = std::io::stdout().lock();
    // A closed stdout means the parent is gone: nothing left to report to.
    if writeln!(out, "{msg}").and_then(|_| out.flush()).is_err() {
        std::process::exit(1);
    }
}

pub fn failed(id: &str, error: &str) {
    send(json!({ "type": "failed", "id": id, "error": error }));
}
