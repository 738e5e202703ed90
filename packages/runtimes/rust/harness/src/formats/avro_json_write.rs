//! apache-avro's `types::Value` back to Avro's JSON encoding along the schema: the decoded
//! messages of `verified`, in the input's shape, outside timing.
use super::avro_json::{AvroJson, branch_name, latin1_json};
use apache_avro::schema::{Schema, UuidSchema};
use apache_avro::types::Value;
use serde_json::{Map, Number, Value as Json};

impl AvroJson<'_> {
    pub fn to_json(&self, v: &Value, schema: &Schema) -> Result<Json, String> {
        let s = self.deref(schema)?;
        let num = |n: Option<Number>| {
            n.map(Json::Number)
                .ok_or("NaN or infinity has no JSON spelling")
        };
        Ok(match (v, s) {
            (Value::Union(i, inner), Schema::Union(u)) => {
                let branch = u
                    .variants()
                    .get(*i as usize)
                    .ok_or("union branch out of range")?;
                match self.deref(branch)? {
                    Schema::Null => Json::Null,
                    b => {
                        let mut m = Map::new();
                        m.insert(branch_name(branch), self.to_json(inner, b)?);
                        Json::Object(m)
                    }
                }
            }
            (Value::Record(fields), Schema::Record(r)) => {
                let mut m = Map::new();
                for (name, x) in fields {
                    let f = r
                        .lookup
                        .get(name)
                        .and_then(|&i| r.fields.get(i))
                        .ok_or("unknown field")?;
                    m.insert(name.clone(), self.to_json(x, &f.schema)?);
                }
                Json::Object(m)
            }
            (Value::Array(items), Schema::Array(a)) => Json::Array(
                items
                    .iter()
                    .map(|x| self.to_json(x, &a.items))
                    .collect::<Result<_, _>>()?,
            ),
            (Value::Map(entries), Schema::Map(m)) => Json::Object(
                entries
                    .iter()
                    .map(|(k, x)| Ok((k.clone(), self.to_json(x, &m.types)?)))
                    .collect::<Result<Map<_, _>, String>>()?,
            ),
            (Value::Null, _) => Json::Null,
            (Value::Boolean(b), _) => Json::Bool(*b),
            (Value::Int(i) | Value::Date(i) | Value::TimeMillis(i), _) => Json::from(*i),
            (
                Value::Long(i)
                | Value::TimeMicros(i)
                | Value::TimestampMillis(i)
                | Value::TimestampMicros(i)
                | Value::TimestampNanos(i)
                | Value::LocalTimestampMillis(i)
                | Value::LocalTimestampMicros(i)
                | Value::LocalTimestampNanos(i),
                _,
            ) => Json::from(*i),
            // The shortest decimal that reads back as the same float32, not its float64 widening.
            (Value::Float(f), _) => {
                num(f.to_string().parse::<f64>().ok().and_then(Number::from_f64))?
            }
            (Value::Double(f), _) => num(Number::from_f64(*f))?,
            (Value::Bytes(b) | Value::Fixed(_, b), _) => latin1_json(b),
            (Value::String(x), _) | (Value::Enum(_, x), _) => Json::String(x.clone()),
            (Value::Uuid(u), Schema::Uuid(UuidSchema::String)) => Json::String(u.to_string()),
            (Value::Uuid(u), _) => latin1_json(u.as_bytes()),
            (Value::Decimal(d), _) => {
                latin1_json(&Vec::<u8>::try_from(d).map_err(|e| e.to_string())?)
            }
            (Value::Duration(d), _) => latin1_json(&<[u8; 12]>::from(d)),
            (v, s) => return Err(format!("cannot write {v:?} as {}", branch_name(s))),
        })
    }
}
