//! bincode 2 through serde (`bincode::serde::encode_to_vec` / `decode_from_slice`, standard config:
//! little-endian varint integers). bincode is not self-describing (no `deserialize_any`), so the
//! schemaless data cannot go through Wirebench's untagged `Data` as MessagePack and CBOR do: each
//! value is a serde-derived enum (`Tagged`) whose variant index says its kind, which is how a serde
//! user carries dynamic data in bincode. No other runtime writes bincode, so there are no bytes to
//! compare with.
use crate::codec::{Codec, encode_each};
use crate::lossless::Data;
use crate::protocol::Op;
use crate::timing::timed;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum Tagged {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(String),
    Bytes(#[serde(with = "serde_bytes_vec")] Vec<u8>),
    Array(Vec<Tagged>),
    Map(Vec<(String, Tagged)>),
}

/// Bytes as one serde byte string (bincode: a length then the bytes), not a sequence of u8.
mod serde_bytes_vec {
    use serde::{Deserializer, Serializer, de::Visitor};
    pub fn serialize<S: Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(b)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
                Ok(v)
            }
        }
        d.deserialize_byte_buf(V)
    }
}

impl Tagged {
    fn from_data(d: Data) -> Tagged {
        match d {
            Data::Null => Tagged::Null,
            Data::Bool(b) => Tagged::Bool(b),
            Data::Int(i) => Tagged::Int(i),
            Data::UInt(u) => Tagged::UInt(u),
            Data::Float(f) => Tagged::Float(f),
            Data::Str(s) => Tagged::Str(s),
            Data::Bytes(b) => Tagged::Bytes(b),
            Data::Array(a) => Tagged::Array(a.into_iter().map(Tagged::from_data).collect()),
            Data::Map(m) => Tagged::Map(
                m.into_iter()
                    .map(|(k, v)| (k, Tagged::from_data(v)))
                    .collect(),
            ),
        }
    }
    fn into_data(self) -> Data {
        match self {
            Tagged::Null => Data::Null,
            Tagged::Bool(b) => Data::Bool(b),
            Tagged::Int(i) => Data::Int(i),
            Tagged::UInt(u) => Data::UInt(u),
            Tagged::Float(f) => Data::Float(f),
            Tagged::Str(s) => Data::Str(s),
            Tagged::Bytes(b) => Data::Bytes(b),
            Tagged::Array(a) => Data::Array(a.into_iter().map(Tagged::into_data).collect()),
            Tagged::Map(m) => Data::Map(m.into_iter().map(|(k, v)| (k, v.into_data())).collect()),
        }
    }
}

const CONFIG: bincode::config::Configuration = bincode::config::standard();

fn encode(t: &Tagged) -> Result<Vec<u8>, bincode::error::EncodeError> {
    bincode::serde::encode_to_vec(t, CONFIG)
}

fn decode(b: &[u8]) -> Result<Tagged, bincode::error::DecodeError> {
    bincode::serde::decode_from_slice(b, CONFIG).map(|(t, _)| t)
}

pub struct Bincode {
    values: Vec<Tagged>,
    encoded: Vec<Vec<u8>>,
}

impl Bincode {
    pub fn new(messages: &[Value]) -> Result<Self, String> {
        let values = messages
            .iter()
            .enumerate()
            .map(|(i, m)| {
                Data::from_json(m)
                    .map(Tagged::from_data)
                    .map_err(|e| format!("message {i}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let encoded = encode_each(&values, encode)?;
        Ok(Bincode { values, encoded })
    }
}

impl Codec for Bincode {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Value, String> {
        Ok(decode(bytes)
            .map_err(|e| e.to_string())?
            .into_data()
            .to_json())
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        match op {
            Op::Encode => {
                timed(&self.values, n, sink, encode, |b| b.len() as u64).map_err(|e| e.to_string())
            }
            Op::Decode => {
                timed(&self.encoded, n, sink, |b| decode(b), |_| 1).map_err(|e| e.to_string())
            }
            Op::Access => Err("bincode has no access operation".into()),
        }
    }
    fn notes(&self) -> Vec<String> {
        vec![
            "bincode::serde::encode_to_vec / decode_from_slice, config::standard() (varint integers, little-endian)".into(),
            "bincode is not self-describing: values are a serde-derived tagged enum (variant index per value), not the untagged data model MessagePack/CBOR use; no other runtime writes bincode, so no byte comparison".into(),
        ]
    }
}
