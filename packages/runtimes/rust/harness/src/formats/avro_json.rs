//! Avro's JSON encoding (the specification's, docs/polyglot.md "Input shapes") to apache-avro's
//! `types::Value` and back, along the schema. apache-avro reads and writes only the binary encoding,
//! and its `From<serde_json::Value>` knows no schema (unions, bytes as code points, enums), so this
//! walk is ours; it runs once per message, outside timing.
use apache_avro::schema::{InnerDecimalSchema, Name, NamesRef, Schema, UuidSchema};
use apache_avro::types::Value;
use apache_avro::{Decimal, Duration, Uuid};
use serde_json::Value as Json;
use std::collections::HashMap;

pub struct AvroJson<'a> {
    pub names: &'a NamesRef<'a>,
}

/// The name a union branch goes by in the JSON encoding: the type's (full) name.
pub(super) fn branch_name(s: &Schema) -> String {
    let named = |n: &Name| n.fullname(None);
    match s {
        Schema::Null => "null".into(),
        Schema::Boolean => "boolean".into(),
        Schema::Int | Schema::Date | Schema::TimeMillis => "int".into(),
        Schema::Long
        | Schema::TimeMicros
        | Schema::TimestampMillis
        | Schema::TimestampMicros
        | Schema::TimestampNanos
        | Schema::LocalTimestampMillis
        | Schema::LocalTimestampMicros
        | Schema::LocalTimestampNanos => "long".into(),
        Schema::Float => "float".into(),
        Schema::Double => "double".into(),
        Schema::Bytes | Schema::BigDecimal => "bytes".into(),
        Schema::String => "string".into(),
        Schema::Array(_) => "array".into(),
        Schema::Map(_) => "map".into(),
        Schema::Union(_) => "union".into(),
        Schema::Record(r) => named(&r.name),
        Schema::Enum(e) => named(&e.name),
        Schema::Fixed(f) | Schema::Duration(f) => named(&f.name),
        Schema::Decimal(d) => match &d.inner {
            InnerDecimalSchema::Fixed(f) => named(&f.name),
            _ => "bytes".into(),
        },
        Schema::Uuid(UuidSchema::Fixed(f)) => named(&f.name),
        Schema::Uuid(UuidSchema::Bytes) => "bytes".into(),
        Schema::Uuid(_) => "string".into(),
        Schema::Ref { name } => named(name),
    }
}

/// Bytes in the JSON encoding: a string whose code points 0–255 are the bytes.
fn latin1(j: &Json) -> Result<Vec<u8>, String> {
    let s = j.as_str().ok_or("expected a string of bytes")?;
    s.chars()
        .map(|c| u8::try_from(u32::from(c)).map_err(|_| format!("{c:?} is not a byte")))
        .collect()
}

pub(super) fn latin1_json(b: &[u8]) -> Json {
    Json::String(b.iter().map(|&c| char::from(c)).collect())
}

fn int<T: TryFrom<i64>>(j: &Json) -> Result<T, String> {
    let i = j
        .as_i64()
        .ok_or_else(|| format!("expected an integer, got {j}"))?;
    T::try_from(i).map_err(|_| format!("{i} is out of range"))
}

impl AvroJson<'_> {
    pub(super) fn deref<'s>(&'s self, s: &'s Schema) -> Result<&'s Schema, String> {
        match s {
            Schema::Ref { name } => self
                .names
                .get(name)
                .copied()
                .ok_or_else(|| format!("unknown type {}", name.fullname(None))),
            s => Ok(s),
        }
    }

    pub fn to_value(&self, j: &Json, schema: &Schema) -> Result<Value, String> {
        let s = self.deref(schema)?;
        Ok(match s {
            Schema::Null if j.is_null() => Value::Null,
            Schema::Null => return Err(format!("expected null, got {j}")),
            Schema::Boolean => Value::Boolean(j.as_bool().ok_or("expected a boolean")?),
            Schema::Int => Value::Int(int(j)?),
            Schema::Long => Value::Long(int(j)?),
            Schema::Float => Value::Float(j.as_f64().ok_or("expected a number")? as f32),
            Schema::Double => Value::Double(j.as_f64().ok_or("expected a number")?),
            Schema::Bytes => Value::Bytes(latin1(j)?),
            Schema::String => Value::String(j.as_str().ok_or("expected a string")?.to_owned()),
            Schema::Array(a) => Value::Array(
                j.as_array()
                    .ok_or("expected an array")?
                    .iter()
                    .map(|x| self.to_value(x, &a.items))
                    .collect::<Result<_, _>>()?,
            ),
            Schema::Map(m) => Value::Map(
                j.as_object()
                    .ok_or("expected an object")?
                    .iter()
                    .map(|(k, x)| Ok((k.clone(), self.to_value(x, &m.types)?)))
                    .collect::<Result<HashMap<_, _>, String>>()?,
            ),
            Schema::Union(u) => {
                let variants = u.variants();
                let (idx, branch, inner) = if j.is_null() {
                    let i = variants.iter().position(|v| matches!(v, Schema::Null));
                    (
                        i.ok_or("null is not a branch of this union")?,
                        &Schema::Null,
                        j,
                    )
                } else {
                    let o = j
                        .as_object()
                        .filter(|o| o.len() == 1)
                        .ok_or_else(|| format!("expected {{\"<branch>\": value}}, got {j}"))?;
                    let (name, inner) = o.iter().next().ok_or("empty union object")?;
                    let short = |n: &str| n.rsplit('.').next().map(str::to_owned);
                    let i = variants
                        .iter()
                        .position(|v| {
                            let b = branch_name(v);
                            &b == name || short(&b).as_deref() == Some(name.as_str())
                        })
                        .ok_or_else(|| format!("{name} is not a branch of this union"))?;
                    (i, &variants[i], inner)
                };
                Value::Union(idx as u32, Box::new(self.to_value(inner, branch)?))
            }
            Schema::Record(r) => {
                let o = j
                    .as_object()
                    .ok_or_else(|| format!("expected a {} record", r.name.fullname(None)))?;
                if let Some(extra) = o.keys().find(|k| !r.lookup.contains_key(*k)) {
                    return Err(format!(
                        "{extra} is not a field of {}",
                        r.name.fullname(None)
                    ));
                }
                let mut fields = Vec::with_capacity(r.fields.len());
                for f in &r.fields {
                    let v = match (o.get(&f.name), &f.default) {
                        (Some(x), _) => self.to_value(x, &f.schema),
                        // A default of a union is a value of its first branch, unwrapped.
                        (None, Some(d)) => match self.deref(&f.schema)? {
                            Schema::Union(u) => {
                                let first = u.variants().first().ok_or("empty union")?;
                                Ok(Value::Union(0, Box::new(self.to_value(d, first)?)))
                            }
                            other => self.to_value(d, other),
                        },
                        (None, None) => Err("missing and has no default".to_string()),
                    }
                    .map_err(|e| format!("{}: {e}", f.name))?;
                    fields.push((f.name.clone(), v));
                }
                Value::Record(fields)
            }
            Schema::Enum(e) => {
                let sym = j.as_str().ok_or("expected an enum symbol")?;
                let i = e
                    .symbols
                    .iter()
                    .position(|x| x == sym)
                    .ok_or_else(|| format!("{sym} is not a symbol"))?;
                Value::Enum(i as u32, sym.to_owned())
            }
            Schema::Fixed(f) => Value::Fixed(f.size, latin1(j)?),
            Schema::Decimal(_) => Value::Decimal(Decimal::from(latin1(j)?)),
            Schema::Uuid(UuidSchema::String) => Value::Uuid(
                Uuid::parse_str(j.as_str().ok_or("expected a uuid string")?)
                    .map_err(|e| e.to_string())?,
            ),
            Schema::Uuid(_) => {
                Value::Uuid(Uuid::from_slice(&latin1(j)?).map_err(|e| e.to_string())?)
            }
            Schema::Date => Value::Date(int(j)?),
            Schema::TimeMillis => Value::TimeMillis(int(j)?),
            Schema::TimeMicros => Value::TimeMicros(int(j)?),
            Schema::TimestampMillis => Value::TimestampMillis(int(j)?),
            Schema::TimestampMicros => Value::TimestampMicros(int(j)?),
            Schema::TimestampNanos => Value::TimestampNanos(int(j)?),
            Schema::LocalTimestampMillis => Value::LocalTimestampMillis(int(j)?),
            Schema::LocalTimestampMicros => Value::LocalTimestampMicros(int(j)?),
            Schema::LocalTimestampNanos => Value::LocalTimestampNanos(int(j)?),
            Schema::Duration(_) => {
                let b: [u8; 12] = latin1(j)?
                    .try_into()
                    .map_err(|_| "a duration is 12 bytes")?;
                Value::Duration(Duration::from(&b))
            }
            Schema::BigDecimal | Schema::Ref { .. } => {
                return Err(format!("{} is not supported", branch_name(s)));
            }
        })
    }
}
