//! The lossless JSON of docs/polyglot.md ("Lossless JSON") as one Rust value, `Data`: integers stay
//! i64/u64, floats stay f64, `{"$bytes": "<base64>"}` becomes real bytes and maps keep their order,
//! so MessagePack and CBOR write what Node writes for the same data model (bin/byte strings, ints
//! in their smallest form). The schemaless formats serialize it with serde, as an application
//! serializes its own types.
use base64::{Engine, engine::general_purpose::STANDARD as B64};
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Number, Value};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Data {
    Null,
    Bool(bool),
    Int(i64),
    /// Only above i64::MAX; every other integer is `Int`.
    UInt(u64),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    Array(Vec<Data>),
    Map(Vec<(String, Data)>),
}

/// `{"$bytes": "<base64>"}` and nothing else: the lossless JSON spelling of bytes.
pub fn bytes_of(v: &Value) -> Option<Result<Vec<u8>, String>> {
    let obj = v.as_object()?;
    if obj.len() != 1 {
        return None;
    }
    let b64 = obj.get("$bytes")?.as_str()?;
    Some(
        B64.decode(b64)
            .map_err(|e| format!("bad base64 in $bytes: {e}")),
    )
}

impl Data {
    pub fn from_json(v: &Value) -> Result<Data, String> {
        Ok(match v {
            Value::Null => Data::Null,
            Value::Bool(b) => Data::Bool(*b),
            Value::Number(n) => number(n)?,
            Value::String(s) => Data::Str(s.clone()),
            Value::Array(a) => {
                Data::Array(a.iter().map(Data::from_json).collect::<Result<_, _>>()?)
            }
            Value::Object(o) => match bytes_of(v) {
                Some(bytes) => Data::Bytes(bytes?),
                None => Data::Map(
                    o.iter()
                        .map(|(k, v)| Ok((k.clone(), Data::from_json(v)?)))
                        .collect::<Result<_, String>>()?,
                ),
            },
        })
    }

    pub fn to_json(&self) -> Value {
        match self {
            Data::Null => Value::Null,
            Data::Bool(b) => Value::Bool(*b),
            Data::Int(i) => Value::from(*i),
            Data::UInt(u) => Value::from(*u),
            // JSON has no NaN or infinity; null is what JSON.stringify writes for them too.
            Data::Float(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Data::Str(s) => Value::String(s.clone()),
            Data::Bytes(b) => {
                let mut m = Map::new();
                m.insert("$bytes".into(), Value::String(B64.encode(b)));
                Value::Object(m)
            }
            Data::Array(a) => Value::Array(a.iter().map(Data::to_json).collect()),
            Data::Map(m) => {
                Value::Object(m.iter().map(|(k, v)| (k.clone(), v.to_json())).collect())
            }
        }
    }
}

fn number(n: &Number) -> Result<Data, String> {
    if let Some(i) = n.as_i64() {
        Ok(Data::Int(i))
    } else if let Some(u) = n.as_u64() {
        Ok(Data::UInt(u))
    } else {
        // serde_json (without arbitrary_precision, which would break serde's number model for the
        // other formats) reads integers beyond 64 bits as doubles, as JSON.parse does in Node.
        n.as_f64()
            .map(Data::Float)
            .ok_or_else(|| format!("number {n} is not representable"))
    }
}

impl Serialize for Data {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Data::Null => s.serialize_unit(),
            Data::Bool(b) => s.serialize_bool(*b),
            Data::Int(i) => s.serialize_i64(*i),
            Data::UInt(u) => s.serialize_u64(*u),
            Data::Float(f) => s.serialize_f64(*f),
            Data::Str(v) => s.serialize_str(v),
            Data::Bytes(b) => s.serialize_bytes(b),
            Data::Array(a) => {
                let mut seq = s.serialize_seq(Some(a.len()))?;
                for item in a {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Data::Map(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

struct DataVisitor;

impl<'de> Visitor<'de> for DataVisitor {
    type Value = Data;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value of the data model")
    }
    fn visit_unit<E>(self) -> Result<Data, E> {
        Ok(Data::Null)
    }
    fn visit_none<E>(self) -> Result<Data, E> {
        Ok(Data::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Data, D::Error> {
        Data::deserialize(d)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Data, E> {
        Ok(Data::Bool(b))
    }
    fn visit_i64<E>(self, i: i64) -> Result<Data, E> {
        Ok(Data::Int(i))
    }
    fn visit_u64<E>(self, u: u64) -> Result<Data, E> {
        Ok(i64::try_from(u).map_or(Data::UInt(u), Data::Int))
    }
    fn visit_i128<E: de::Error>(self, i: i128) -> Result<Data, E> {
        i64::try_from(i)
            .map(Data::Int)
            .or_else(|_| u64::try_from(i).map(Data::UInt))
            .map_err(|_| E::custom(format!("integer {i} does not fit 64 bits")))
    }
    fn visit_u128<E: de::Error>(self, u: u128) -> Result<Data, E> {
        self.visit_i128(i128::try_from(u).map_err(|_| E::custom("integer does not fit 64 bits"))?)
    }
    fn visit_f64<E>(self, f: f64) -> Result<Data, E> {
        Ok(Data::Float(f))
    }
    fn visit_str<E>(self, v: &str) -> Result<Data, E> {
        Ok(Data::Str(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Data, E> {
        Ok(Data::Str(v))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Data, E> {
        Ok(Data::Bytes(v.to_vec()))
    }
    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Data, E> {
        Ok(Data::Bytes(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Data, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            out.push(item);
        }
        Ok(Data::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Data, A::Error> {
        let mut out = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some((k, v)) = map.next_entry::<String, Data>()? {
            out.push((k, v));
        }
        Ok(Data::Map(out))
    }
}

impl<'de> Deserialize<'de> for Data {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Data, D::Error> {
        d.deserialize_any(DataVisitor)
    }
}
