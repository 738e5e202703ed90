//! One module per library; `prepare` picks by the format's `impl` (docs/polyglot.md, ids `<impl>@rust`).
pub mod avro;
pub mod avro_json;
mod avro_json_write;
pub mod bincode;
pub mod capnp;
mod capnp_walk;
pub mod flatbuffers;
pub mod idl_binary;
pub mod protobuf;
pub mod schemaless;

use crate::codec::{Codec, read_messages};
use crate::protocol::Format;
use idl_binary::read_b64_lines;

/// What a binary was built with besides the schema-less formats: one schema per IDL at most.
#[derive(Default)]
pub struct Registry {
    /// The prost code of one schema, in a per-schema binary; None in the schema-less one.
    pub protobuf: Option<protobuf::Registration>,
    /// flatc's Rust object API of one `.fbs`.
    pub flatbuffers: Option<flatbuffers::Registration>,
    /// capnpc's Rust code of one `.capnp`.
    pub capnp: Option<capnp::Registration>,
}

/// The implementations this child knows (the `impl` of a request's format).
pub const IMPLS: &[&str] = &[
    "prost",
    "apache-avro",
    "rmp-serde",
    "ciborium",
    "serde_json",
    "bincode",
    "flatbuffers",
    "capnp",
];

const NOT_BUILT: &str = "this binary has no {idl} schema compiled in: the parent runs the one generated for this schema (generatedDir)";

fn missing(idl: &str) -> String {
    NOT_BUILT.replace("{idl}", idl)
}

pub fn prepare(f: &Format, registry: &Registry) -> Result<Box<dyn Codec>, String> {
    // The binary shapes are base64 lines, the others one JSON array.
    match f.impl_.as_str() {
        "flatbuffers" => {
            let reg = registry
                .flatbuffers
                .as_ref()
                .ok_or_else(|| missing(".fbs"))?;
            reg.check(f)?;
            return (reg.build)(&read_b64_lines(&f.input_file)?);
        }
        "capnp" => {
            let reg = registry.capnp.as_ref().ok_or_else(|| missing(".capnp"))?;
            reg.check(f)?;
            return capnp::CapnpCodec::new(reg, &read_b64_lines(&f.input_file)?);
        }
        _ => {}
    }
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
        "bincode" => Box::new(bincode::Bincode::new(&messages)?),
        "apache-avro" => Box::new(avro::Avro::new(f.schema.as_ref(), &messages)?),
        "prost" => {
            let reg = registry
                .protobuf
                .as_ref()
                .ok_or_else(|| missing(".proto"))?;
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
