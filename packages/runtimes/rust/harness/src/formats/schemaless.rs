//! The schemaless formats: serde_json, rmp-serde (MessagePack) and ciborium (CBOR). There is no
//! schema to generate Rust types from, so each serializes a dynamic value with serde:
//! `serde_json::Value` for JSON (the lossless JSON as is) and Wirebench's `Data` for the binary
//! formats (bytes as bin/byte strings, map order kept).
use crate::codec::{Codec, encode_each};
use crate::lossless::Data;
use crate::protocol::Op;
use crate::timing::timed;
use serde_json::Value;

pub struct Json {
    values: Vec<Value>,
    encoded: Vec<Vec<u8>>,
}

impl Json {
    pub fn new(messages: Vec<Value>) -> Result<Self, String> {
        let encoded = encode_each(&messages, serde_json::to_vec)?;
        Ok(Json {
            values: messages,
            encoded,
        })
    }
}

impl Codec for Json {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Value, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        match op {
            Op::Encode => timed(&self.values, n, sink, serde_json::to_vec, |b| {
                b.len() as u64
            }),
            Op::Decode => timed(
                &self.encoded,
                n,
                sink,
                |b| serde_json::from_slice::<Value>(b),
                |_| 1,
            ),
            Op::Access => return Err("serde_json has no access operation".into()),
        }
        .map_err(|e| e.to_string())
    }
    fn notes(&self) -> Vec<String> {
        vec![
            "serde_json::to_vec / from_slice over serde_json::Value (preserve_order, float_roundtrip): a schemaless dynamic value, no generated structs".into(),
            "bytes stay the lossless JSON's {\"$bytes\": base64} objects".into(),
        ]
    }
}

/// The two binary schemaless formats differ only in the library calls.
pub enum Binary {
    MessagePack,
    Cbor,
}

pub struct SerdeBinary {
    kind: Binary,
    values: Vec<Data>,
    encoded: Vec<Vec<u8>>,
}

fn cbor_encode(d: &Data) -> Result<Vec<u8>, ciborium::ser::Error<std::io::Error>> {
    let mut out = Vec::new();
    ciborium::into_writer(d, &mut out)?;
    Ok(out)
}

fn cbor_decode(b: &[u8]) -> Result<Data, ciborium::de::Error<std::io::Error>> {
    ciborium::from_reader(b)
}

impl SerdeBinary {
    pub fn new(kind: Binary, messages: &[Value]) -> Result<Self, String> {
        let values = messages
            .iter()
            .enumerate()
            .map(|(i, m)| Data::from_json(m).map_err(|e| format!("message {i}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        let encoded = match kind {
            Binary::MessagePack => encode_each(&values, rmp_serde::to_vec)?,
            Binary::Cbor => encode_each(&values, cbor_encode)?,
        };
        Ok(SerdeBinary {
            kind,
            values,
            encoded,
        })
    }
}

impl Codec for SerdeBinary {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Value, String> {
        let data = match self.kind {
            Binary::MessagePack => {
                rmp_serde::from_slice::<Data>(bytes).map_err(|e| e.to_string())?
            }
            Binary::Cbor => cbor_decode(bytes).map_err(|e| e.to_string())?,
        };
        Ok(data.to_json())
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        let len = |b: &Vec<u8>| b.len() as u64;
        match (&self.kind, op) {
            (Binary::MessagePack, Op::Encode) => {
                timed(&self.values, n, sink, rmp_serde::to_vec, len).map_err(|e| e.to_string())
            }
            (Binary::MessagePack, Op::Decode) => timed(
                &self.encoded,
                n,
                sink,
                |b| rmp_serde::from_slice::<Data>(b),
                |_| 1,
            )
            .map_err(|e| e.to_string()),
            (Binary::Cbor, Op::Encode) => {
                timed(&self.values, n, sink, cbor_encode, len).map_err(|e| e.to_string())
            }
            (Binary::Cbor, Op::Decode) => {
                timed(&self.encoded, n, sink, |b| cbor_decode(b), |_| 1).map_err(|e| e.to_string())
            }
            (_, Op::Access) => Err("no access operation".into()),
        }
    }
    fn notes(&self) -> Vec<String> {
        let calls = match self.kind {
            Binary::MessagePack => "rmp_serde::to_vec / from_slice",
            Binary::Cbor => "ciborium::into_writer / from_reader",
        };
        vec![format!(
            "{calls} over Wirebench's lossless value type with serde (maps in data order, bytes as bytes): a schemaless dynamic value, no generated structs"
        )]
    }
}
