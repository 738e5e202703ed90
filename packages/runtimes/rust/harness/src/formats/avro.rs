//! Avro with apache-avro: the Avro JSON encoding of each message becomes a `types::Value` along the
//! emitted `.avsc` (outside timing); encode is `GenericDatumWriter::write_value_ref` and decode
//! `GenericDatumReader::read_value`, the 0.22 replacements of `to_avro_datum`/`from_avro_datum`,
//! built once per schema as an application keeps them (the deprecated free functions resolve the
//! schema again on every call).
use super::avro_json::AvroJson;
use crate::codec::{Codec, encode_each};
use crate::protocol::{Op, SchemaRef};
use crate::timing::timed;
use apache_avro::reader::datum::GenericDatumReader;
use apache_avro::schema::{ResolvedSchema, Schema};
use apache_avro::types::Value;
use apache_avro::writer::datum::GenericDatumWriter;
use serde_json::Value as Json;

pub struct Avro {
    schema: &'static Schema,
    resolved: ResolvedSchema<'static>,
    writer: GenericDatumWriter<'static>,
    reader: GenericDatumReader<'static>,
    values: Vec<Value>,
    encoded: Vec<Vec<u8>>,
}

impl Avro {
    pub fn new(schema_ref: Option<&SchemaRef>, messages: &[Json]) -> Result<Self, String> {
        let schema_ref = schema_ref.ok_or("avro needs the emitted .avsc (format.schema)")?;
        let text = std::fs::read_to_string(&schema_ref.file)
            .map_err(|e| format!("cannot read {}: {e}", schema_ref.file))?;
        let parsed = Schema::parse_str(&text).map_err(|e| format!("{}: {e}", schema_ref.file))?;
        if let Schema::Record(r) = &parsed {
            let name = r.name.fullname(None);
            // The parent may name the root by its full or its short name.
            let root = &schema_ref.root_type;
            if name != *root && !name.ends_with(&format!(".{root}")) {
                return Err(format!(
                    "the schema's root is {name}, not {}",
                    schema_ref.root_type
                ));
            }
        }
        // The child lives for one request: leaking the schema gives the writer and reader the
        // 'static borrow they hold, without a self-referential struct.
        let schema: &'static Schema = Box::leak(Box::new(parsed));
        let resolved = ResolvedSchema::try_from(schema).map_err(|e| e.to_string())?;
        let walk = AvroJson {
            names: resolved.get_names(),
        };
        let values = messages
            .iter()
            .enumerate()
            .map(|(i, m)| {
                walk.to_value(m, schema)
                    .map_err(|e| format!("message {i}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let writer = GenericDatumWriter::builder(schema)
            .build()
            .map_err(|e| e.to_string())?;
        let reader = GenericDatumReader::builder(schema)
            .build()
            .map_err(|e| e.to_string())?;
        let encoded = encode_each(&values, |v| write(&writer, v))?;
        Ok(Avro {
            schema,
            resolved,
            writer,
            reader,
            values,
            encoded,
        })
    }
}

fn write(w: &GenericDatumWriter<'_>, v: &Value) -> Result<Vec<u8>, apache_avro::Error> {
    let mut out = Vec::new();
    w.write_value_ref(&mut out, v)?;
    Ok(out)
}

impl Codec for Avro {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, mut bytes: &[u8]) -> Result<Json, String> {
        let v = self
            .reader
            .read_value(&mut bytes)
            .map_err(|e| e.to_string())?;
        if !bytes.is_empty() {
            return Err(format!("{} bytes left after the datum", bytes.len()));
        }
        AvroJson {
            names: self.resolved.get_names(),
        }
        .to_json(&v, self.schema)
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        match op {
            Op::Encode => timed(
                &self.values,
                n,
                sink,
                |v| write(&self.writer, v),
                |b| b.len() as u64,
            ),
            Op::Decode => timed(
                &self.encoded,
                n,
                sink,
                |b| self.reader.read_value(&mut b.as_slice()),
                |_| 1,
            ),
            Op::Access => return Err("apache-avro has no access operation".into()),
        }
        .map_err(|e| e.to_string())
    }
    fn notes(&self) -> Vec<String> {
        vec![
            "apache-avro GenericDatumWriter::write_value_ref (validates the value against the schema, its default) / GenericDatumReader::read_value over types::Value, built once".into(),
            "the generic Value API: apache-avro's serde path needs Rust structs derived per schema".into(),
        ]
    }
}
