//! What every format module gives the runner: its messages already turned into the library's own
//! objects and encoded once (outside timing), the timed loops, and the decoded form for verifying.
use crate::protocol::Op;
use serde_json::Value;

pub trait Codec {
    /// Every message encoded once, in input order: the `verified` answer and the decode loop's input.
    fn encoded(&self) -> &[Vec<u8>];
    /// Decodes one message with the timed call and writes the result in the input's shape.
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Value, String>;
    /// Runs one operation `n` times (cycling over the messages), folding results into `sink`;
    /// returns the batch's nanoseconds.
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String>;
    /// The operations this codec has (encode and decode; `access` where the library reads in place).
    fn ops(&self) -> &'static [Op] {
        &[Op::Encode, Op::Decode]
    }
    /// The library's own words on choices made (API used, options), shown beside the result.
    fn notes(&self) -> Vec<String>;
}

/// Reads a format's `inputFile`: one JSON array of messages.
pub fn read_messages(path: &str) -> Result<Vec<Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    match serde_json::from_str::<Value>(&text).map_err(|e| format!("{path} is not JSON: {e}"))? {
        Value::Array(a) if !a.is_empty() => Ok(a),
        Value::Array(_) => Err(format!("{path} holds no messages")),
        _ => Err(format!("{path} is not a JSON array of messages")),
    }
}

/// Encodes every message once with `f`, naming the message that failed.
pub fn encode_each<T, E: std::fmt::Display>(
    items: &[T],
    f: impl Fn(&T) -> Result<Vec<u8>, E>,
) -> Result<Vec<Vec<u8>>, String> {
    items
        .iter()
        .enumerate()
        .map(|(i, m)| f(m).map_err(|e| format!("message {i}: {e}")))
        .collect()
}
