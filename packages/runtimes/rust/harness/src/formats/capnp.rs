//! Cap'n Proto with the `capnp` crate on capnpc's generated code (built into a per-schema binary by
//! the `proto` package). capnp-rust has no owned object type per struct (an application writes its
//! own values into builders), so the native values here are Wirebench's owned `Data` tree (field
//! names → values, as the schemaless formats hold them), written and read through capnp's dynamic
//! reflection API over the generated schema (`dynamic_struct::Builder::set/init/initn`), which is
//! what Node's capnp-es adapter does with plain objects. Encode = a new `message::Builder`, the tree
//! written into it field by field in schema order, `serialize::write_message_to_words` (unpacked);
//! decode = `read_message_from_flat_slice`, every field read back into a new tree.
use super::capnp_walk::{read_struct, write_struct};
use super::idl_binary::{b64, check_schema};
use crate::codec::Codec;
use crate::lossless::Data;
use crate::protocol::{Format, Op};
use crate::timing::timed;
use capnp::dynamic_struct;
use capnp::message::{self, HeapAllocator, ReaderOptions};
use capnp::serialize::{self, BufferSegments};
use serde_json::Value;

pub type InitRoot =
    for<'a> fn(&'a mut message::Builder<HeapAllocator>) -> dynamic_struct::Builder<'a>;
pub type GetRoot = for<'a, 'b> fn(
    &'a message::Reader<BufferSegments<&'b [u8]>>,
) -> capnp::Result<dynamic_struct::Reader<'a>>;

pub struct Registration {
    pub root: &'static str,
    /// The `.capnp` text the code was generated from.
    pub schema_text: &'static str,
    pub init_root: InitRoot,
    pub get_root: GetRoot,
}

impl Registration {
    pub fn check(&self, f: &Format) -> Result<(), String> {
        check_schema(f, "capnp", self.root, self.schema_text)
    }
}

pub struct CapnpCodec {
    values: Vec<Data>,
    encoded: Vec<Vec<u8>>,
    init_root: InitRoot,
    get_root: GetRoot,
}

fn options() -> ReaderOptions {
    // Large messages are allowed: the parent's limits bound the input, not capnp's 64 MiB default.
    let mut o = ReaderOptions::new();
    o.traversal_limit_in_words(None);
    o
}

impl CapnpCodec {
    pub fn new(reg: &Registration, inputs: &[Vec<u8>]) -> Result<Box<dyn Codec>, String> {
        let mut c = CapnpCodec {
            values: Vec::new(),
            encoded: Vec::new(),
            init_root: reg.init_root,
            get_root: reg.get_root,
        };
        for (i, b) in inputs.iter().enumerate() {
            let v = c.decode(b).map_err(|e| format!("message {i}: {e}"))?;
            let e = c.encode(&v).map_err(|e| format!("message {i}: {e}"))?;
            c.values.push(v);
            c.encoded.push(e);
        }
        Ok(Box::new(c))
    }

    fn encode(&self, v: &Data) -> capnp::Result<Vec<u8>> {
        let mut m = message::Builder::new_default();
        write_struct((self.init_root)(&mut m), v)?;
        Ok(serialize::write_message_to_words(&m))
    }

    fn decode(&self, mut b: &[u8]) -> capnp::Result<Data> {
        let m = serialize::read_message_from_flat_slice(&mut b, options())?;
        read_struct((self.get_root)(&m)?)
    }
}

impl Codec for CapnpCodec {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Value, String> {
        // The input's shape is the binary itself: the decoded tree built into a message again.
        let v = self.decode(bytes).map_err(|e| e.to_string())?;
        Ok(b64(&self.encode(&v).map_err(|e| e.to_string())?))
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        match op {
            Op::Encode => timed(
                &self.values,
                n,
                sink,
                |v| self.encode(v),
                |b| b.len() as u64,
            ),
            Op::Decode => timed(&self.encoded, n, sink, |b| self.decode(b), |_| 1),
            Op::Access => return Err("capnp@rust times encode and decode only".into()),
        }
        .map_err(|e| e.to_string())
    }
    fn notes(&self) -> Vec<String> {
        vec![
            "capnpc (Debian capnp 0.9.2) code; values are an owned tree written/read through capnp's dynamic reflection API (dynamic_struct), since capnp-rust has no owned per-struct types".into(),
            "unpacked: serialize::write_message_to_words / read_message_from_flat_slice".into(),
        ]
    }
}
