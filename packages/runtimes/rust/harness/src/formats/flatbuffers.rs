//! FlatBuffers with flatc's Rust object API (`flatc --rust --gen-object-api`, built into a
//! per-schema binary by the `proto` package). The input is Node's own FlatBuffers bytes; each is
//! unpacked once, outside timing, into the generated `<Root>T` object. Encode packs the object into a
//! reused `FlatBufferBuilder` and copies the finished bytes out (as Node's adapter does); decode is
//! the verified `flatbuffers::root` followed by `unpack` into a new object.
use super::idl_binary::{b64, check_schema};
use crate::codec::Codec;
use crate::protocol::{Format, Op};
use crate::timing::timed;
use flatbuffers::FlatBufferBuilder;
use serde_json::Value;
use std::cell::RefCell;

/// The generated root object type, implemented by the per-schema build (proto/build.rs).
pub trait ObjectApi: Sized + 'static {
    /// `flatbuffers::root::<Root>(bytes)?.unpack()`: verifies, then builds the owned object.
    fn unpack_root(bytes: &[u8]) -> Result<Self, String>;
    /// `fbb.finish(self.pack(fbb), None)`.
    fn pack_root(&self, fbb: &mut FlatBufferBuilder<'static>);
}

pub struct Registration {
    /// The root table as the parent names it (`format.schema.rootType`).
    pub root: &'static str,
    /// The `.fbs` text the code was generated from.
    pub schema_text: &'static str,
    pub build: fn(&[Vec<u8>]) -> Result<Box<dyn Codec>, String>,
}

impl Registration {
    pub fn check(&self, f: &Format) -> Result<(), String> {
        check_schema(f, "fbs", self.root, self.schema_text)
    }
}

pub struct Flat<T: ObjectApi> {
    objects: Vec<T>,
    encoded: Vec<Vec<u8>>,
    fbb: RefCell<FlatBufferBuilder<'static>>,
}

fn pack<T: ObjectApi>(fbb: &mut FlatBufferBuilder<'static>, o: &T) -> Vec<u8> {
    fbb.reset();
    o.pack_root(fbb);
    fbb.finished_data().to_vec()
}

/// The codec of one schema's root type, from Node's bytes.
pub fn flat_codec<T: ObjectApi>(inputs: &[Vec<u8>]) -> Result<Box<dyn Codec>, String> {
    let objects = inputs
        .iter()
        .enumerate()
        .map(|(i, b)| T::unpack_root(b).map_err(|e| format!("message {i}: {e}")))
        .collect::<Result<Vec<T>, _>>()?;
    let mut fbb = FlatBufferBuilder::with_capacity(1024);
    let encoded = objects.iter().map(|o| pack(&mut fbb, o)).collect();
    Ok(Box::new(Flat {
        objects,
        encoded,
        fbb: RefCell::new(fbb),
    }))
}

impl<T: ObjectApi> Codec for Flat<T> {
    fn encoded(&self) -> &[Vec<u8>] {
        &self.encoded
    }
    fn decode_to_json(&self, bytes: &[u8]) -> Result<Value, String> {
        // The input's shape is the binary itself: the decoded object packed again.
        let o = T::unpack_root(bytes)?;
        Ok(b64(&pack(&mut self.fbb.borrow_mut(), &o)))
    }
    fn run(&self, op: Op, n: u64, sink: &mut u64) -> Result<u64, String> {
        match op {
            Op::Encode => {
                let mut fbb = self.fbb.borrow_mut();
                timed(
                    &self.objects,
                    n,
                    sink,
                    |o| Ok::<_, String>(pack(&mut fbb, o)),
                    |b| b.len() as u64,
                )
            }
            Op::Decode => timed(&self.encoded, n, sink, |b| T::unpack_root(b), |_| 1),
            Op::Access => Err("flatbuffers@rust times encode and decode only".into()),
        }
    }
    fn notes(&self) -> Vec<String> {
        vec![
            "flatc 2.0.8 --rust --gen-object-api: encode = <Root>T::pack into a reused FlatBufferBuilder, finish, copy out; decode = flatbuffers::root (verified) + unpack".into(),
        ]
    }
}
