//! What the FlatBuffers and Cap'n Proto formats share: their input (the `flatbuffers`/`capnp` shape of
//! docs/polyglot.md, one base64 line per message: the bytes Node's adapter encodes) and the check that
//! a request's schema is the one compiled into this binary.
use crate::protocol::Format;
use base64::{Engine, engine::general_purpose::STANDARD as B64};

/// Reads a binary input shape: one standard base64 line per message.
pub fn read_b64_lines(path: &str) -> Result<Vec<Vec<u8>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let lines: Vec<Vec<u8>> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            B64.decode(l)
                .map_err(|e| format!("{path} line {}: not base64: {e}", i + 1))
        })
        .collect::<Result<_, _>>()?;
    if lines.is_empty() {
        return Err(format!("{path} holds no messages"));
    }
    Ok(lines)
}

/// Refuses a format whose schema file or root type is not the one this binary was built for.
pub fn check_schema(f: &Format, idl: &str, root: &str, text: &str) -> Result<(), String> {
    let s = f
        .schema
        .as_ref()
        .ok_or_else(|| format!("{} needs its emitted .{idl} (format.schema)", f.impl_))?;
    let got =
        std::fs::read_to_string(&s.file).map_err(|e| format!("cannot read {}: {e}", s.file))?;
    if got != text || s.root_type != root {
        return Err(format!(
            "this binary was generated for {root} from another .{idl}; the parent must build one for {} ({})",
            s.root_type, s.file
        ));
    }
    Ok(())
}

pub fn b64(bytes: &[u8]) -> serde_json::Value {
    serde_json::Value::String(B64.encode(bytes))
}
