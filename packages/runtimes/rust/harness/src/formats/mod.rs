//! One module per library; `prepare` picks by the format's `impl` (docs/polyglot.md, ids `<impl>@rust`).
pub mod avro;
pub mod avro_json;
mod avro_json_write;
pub mod protobuf;
pub mod schemaless;

use crate::codec::{Codec, read_messages};
use crate::protocol::Format;

/// What a binary was built with besides the schema-less formats.
#[derive(Default)]
pub struct Registry {
    /// The prost code of one schema, in a per-schema binary; None in the schema-less one.
    pub protobuf: Option<protobuf::Registration>,
}

/// The implementations this child knows (the `impl` of a request's format).
pub const IMPLS: &[&str] = &[
    "prost",
    "apache-avro",
    "rmp-serde",
    "ciborium",
    "serde_json",
];

pub fn prepare(f: &Format, registry: &Registry) -> Result<Box<dyn Codec>, String> {
    let messages = read_messages(&f.input_file)?;
    Ok(match f.impl_.as_str() {
        "serde_json" => Box::new(schemaless::Json::new(messages)?),
        "rmp-serde" => Box::new(schemaless::SerdeBinary::new(
            schemaless::Binary::MessagePack,
            &messages,
        )?),
        "ciborium" => Box::new(schemaless::SerdeBinary::new(
            schemaless::Binary::Cbor,
            &messages,
        )?),
        "apache-avro" => Box::new(avro::Avro::new(f.schema.as_ref(), &messages)?),
        "prost" => {
            let reg = registry.protobuf.as_ref().ok_or(
                "this binary has no protobuf schema compiled in: the parent runs the one generated for this .proto (generatedDir)",
            )?;
            reg.check(f)?;
            (reg.build)(reg, &messages)?
        }
        other => {
            return Err(format!(
                "unknown implementation {other:?}; this child knows {}",
                IMPLS.join(", ")
            ));
        }
    })
}
