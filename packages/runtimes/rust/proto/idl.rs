//! The FlatBuffers and Cap'n Proto halves of the per-schema build (build.rs): flatc's Rust object API
//! of WIREBENCH_FBS_FILE and capnpc's code of WIREBENCH_CAPNP_FILE, each with the registration the
//! harness needs (the root type, the schema text, the glue to the generic codec).
use heck::ToSnakeCase;
use std::path::Path;
use std::process::Command;

/// `flatc --rust --gen-object-api` on the .fbs; `root` may be qualified (`ns.Table`), else the
/// namespace is the file's last `namespace` declaration.
pub fn flatbuffers(file: &str, root: &str, out: &Path) -> String {
    let dir = out.join("fbs");
    let run = Command::new("flatc")
        .args(["--rust", "--gen-object-api", "-o"])
        .arg(&dir)
        .arg(file)
        .output()
        .unwrap_or_else(|e| panic!("flatc could not start ({e}); install flatbuffers-compiler"));
    if !run.status.success() {
        panic!(
            "flatc failed on {file}: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let stem = Path::new(file).file_stem().unwrap().to_string_lossy();
    let text = std::fs::read_to_string(file).unwrap();
    let mut segments: Vec<String> = root.split('.').map(String::from).collect();
    let table = segments.pop().unwrap();
    if segments.is_empty() {
        let ns = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("namespace "))
            .last()
            .map(|n| n.trim_end_matches(';').trim().to_string());
        segments = ns
            .map(|n| n.split('.').map(String::from).collect())
            .unwrap_or_default();
    }
    let mut path: Vec<String> = segments.iter().map(|s| s.to_snake_case()).collect();
    path.push(table);
    let path = path.join("::");
    format!(
        r#"#[allow(clippy::all, dead_code, unused_imports, non_camel_case_types, non_snake_case, deprecated, mismatched_lifetime_syntaxes, unsafe_op_in_unsafe_fn)]
pub mod fbs_generated {{
    include!(concat!(env!("OUT_DIR"), "/fbs/{stem}_generated.rs"));
}}
impl wirebench_rust::formats::flatbuffers::ObjectApi for fbs_generated::{path}T {{
    fn unpack_root(b: &[u8]) -> Result<Self, String> {{
        flatbuffers::root::<fbs_generated::{path}>(b).map(|r| r.unpack()).map_err(|e| e.to_string())
    }}
    fn pack_root(&self, fbb: &mut flatbuffers::FlatBufferBuilder<'static>) {{
        let o = self.pack(fbb);
        fbb.finish(o, None);
    }}
}}
pub const FLATBUFFERS: Option<wirebench_rust::formats::flatbuffers::Registration> =
    Some(wirebench_rust::formats::flatbuffers::Registration {{
        root: {root:?},
        schema_text: include_str!({file:?}),
        build: wirebench_rust::formats::flatbuffers::flat_codec::<fbs_generated::{path}T>,
    }});
"#
    )
}

/// capnpc (driving Debian's `capnp compile`) on the .capnp; its code refers to itself as
/// `crate::<stem>_capnp`, so the module sits at the crate root.
pub fn capnp(file: &str, root: &str, out: &Path) -> String {
    let path = Path::new(file);
    let dir = out.join("capnp");
    std::fs::create_dir_all(&dir).unwrap();
    if let Err(e) = capnpc::CompilerCommand::new()
        .src_prefix(path.parent().unwrap())
        .file(path)
        .output_path(&dir)
        .run()
    {
        panic!("capnpc failed on {file}: {e}");
    }
    let module = format!(
        "{}_capnp",
        path.file_stem()
            .unwrap()
            .to_string_lossy()
            .replace('-', "_")
    );
    let rust_path: Vec<String> = root.split('.').map(|s| s.to_snake_case()).collect();
    let ty = format!("{module}::{}", rust_path.join("::"));
    format!(
        r#"#[allow(clippy::all, dead_code, unused_imports, unused_parens, non_camel_case_types, mismatched_lifetime_syntaxes)]
pub mod {module} {{
    include!(concat!(env!("OUT_DIR"), "/capnp/{module}.rs"));
}}
fn capnp_init_root(
    m: &mut capnp::message::Builder<capnp::message::HeapAllocator>,
) -> capnp::dynamic_struct::Builder<'_> {{
    let b: {ty}::Builder<'_> = m.init_root();
    capnp::dynamic_value::Builder::from(b).downcast()
}}
fn capnp_get_root<'a, 'b>(
    m: &'a capnp::message::Reader<capnp::serialize::BufferSegments<&'b [u8]>>,
) -> capnp::Result<capnp::dynamic_struct::Reader<'a>> {{
    let r: {ty}::Reader<'a> = m.get_root()?;
    Ok(capnp::dynamic_value::Reader::from(r).downcast())
}}
pub const CAPNP: Option<wirebench_rust::formats::capnp::Registration> =
    Some(wirebench_rust::formats::capnp::Registration {{
        root: {root:?},
        schema_text: include_str!({file:?}),
        init_root: capnp_init_root,
        get_root: capnp_get_root,
    }});
"#
    )
}
