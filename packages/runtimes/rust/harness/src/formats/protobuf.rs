//! Protobuf with prost: the schema's types come from prost-build (the `proto` package's build
//! script, one binary per schema). The ProtoJSON input is read with prost-reflect into a
//! `DynamicMessage` and turned into the generated type through its bytes, once, outside timing;
//! the timed calls are the generated type's `encode_to_vec` and `decode`, as an application calls them.
use crate::codec::{Codec, encode_each};
use crate::protocol::{Format, Op};
use crate::timing::timed;
use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor, SerializeOptions};
use serde_json::Value as Json;

/// Builds a codec of the generated root type from ProtoJSON messages.
pub type BuildCodec = fn(&Registration, &[Json]) -> Result<Box<dyn Codec>, String>;

/// What a per-schema binary compiled in: the schema it serves and how to build its codec.
pub struct Registration {
    /// Full name of the root message (`wirebench.models.go.AddressBook`).
    pub root: &'static str,
    /// The `.proto` text the code was generated from: a request for another schema is refused.
    pub proto_text: &'static str,
    /// protoc's FileDescriptorSet (with imports) of that `.proto`, for prost-reflect.
    pub descriptor_set: &'static [u8],
    pub build: BuildCodec,
}

impl Registration {
    pub fn descriptor(&self) -> Result<MessageDescriptor, String> {
        let pool = DescriptorPool::decode(self.descriptor_set).map_err(|e| e.to_string())?;
        pool.get_message_by_name(self.root)
            .ok_or_else(|| format!("{} is not in the compiled schema", self.root))
    }

    /// Refuses a format whose schema is not the one compiled in.
    pub fn check(&self, f: &Format) -> Result<(), String> {
        let s = f
            .schema
            .as_ref()
            .ok_or("protobuf needs the emitted .proto (format.schema)")?;
        let text =
            std::fs::read_to_string(&s.file).map_err(|e| format!("cannot read {}: {e}", s.file))?;
        if text != self.proto_text || s.root_type != self.root {
            return Err(format!(
                "this binary was generated for {} from another .proto; the parent must build one for {} ({})",
                self.root, s.root_type, s.file
            ));
        }
        Ok(())
    }
}

/// Reads ProtoJSON messages into the generated type `M` (prost-reflect's canonical JSON reader,
/// unknown fields refused). Shared with the criterion benchmark so both time the same objects.
pub fn messages_from_protojson<M: Message + Default>(
    desc: &MessageDescriptor,
    inputs: &[Json],
) -> Result<Vec<M>, String> {
    inputs
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let dynamic = DynamicMessage::deserialize(desc.clone(), j)
                .map_err(|e| format!("message {i}: {e}"))?;
            M::decode(dynamic.encode_to_vec().as_slice()).map_err(|e| format!("message {i}: {e}"))
        })
        .collect()
}

pub struct Prost<M> {
    desc: MessageDescriptor,
    messages: Vec<M>,
    encoded: Vec<Vec<u8>>,
}

/// The `build` of a registration: instantiated per generated root type.
pub fn prost_codec<M: Message + Default + 'static>(
    reg: &Registration,
    inputs: &[Json],
) -> Result<Box<dyn Codec>, String> {
    let desc = reg.descriptor()?;
    let messages = messages_from_protojson::<M>(&desc, inputs)?;
    let encoded = encode_each(&messages, |m| Ok::<_, String>(m.encode_to_vec()))?;
    Ok(Box::new(Prost {
        desc,
        messages,
        encoded,
    }))
}

impl<M: Message + Default> Codec for Prost<M> {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Json, String> {
        let m = M::decode(bytes).map_err(|e| e.to_string())?;
        // Back through prost-reflect for its canonical ProtoJSON writer (lowerCamel names, int64 as
        // strings, enum names, Timestamp as RFC 3339, default values omitted).
        let dynamic = DynamicMessage::decode(self.desc.clone(), m.encode_to_vec().as_slice())
            .map_err(|e| e.to_string())?;
        dynamic
            .serialize_with_options(serde_json::value::Serializer, &SerializeOptions::new())
            .map_err(|e| e.to_string())
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        match op {
            Op::Encode => timed(
                &self.messages,
                n,
                sink,
                |m| Ok::<_, String>(m.encode_to_vec()),
                |b| b.len() as u64,
            ),
            Op::Decode => timed(&self.encoded, n, sink, |b| M::decode(b.as_slice()), |_| 1)
                .map_err(|e| e.to_string()),
            Op::Access => Err("prost has no access operation".into()),
        }
    }
    fn notes(&self) -> Vec<String> {
        vec![
            "prost (types from prost-build): Message::encode_to_vec / Message::decode on the generated type".into(),
            "input read with prost-reflect's ProtoJSON reader outside timing; decoded values written back as canonical ProtoJSON (defaults omitted)".into(),
        ]
    }
}
