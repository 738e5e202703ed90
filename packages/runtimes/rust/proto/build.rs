//! Generates one schema's prost code when WIREBENCH_PROTO_FILE (absolute path of the .proto) and
//! WIREBENCH_PROTO_ROOT (full name of the root message) are set, and writes
//! `$OUT_DIR/wirebench_schema.rs`: the generated modules plus the `PROTOBUF` registration naming the
//! root type. Without them (setup's build) it registers nothing, so the binary serves the
//! schema-less formats and every dependency, prost-build included, is compiled ahead of the first schema.
use heck::{ToSnakeCase, ToUpperCamelCase};
use prost::Message;
use prost_types::{DescriptorProto, FileDescriptorSet};
use std::{env, fs, path::PathBuf};

#[path = "idl.rs"]
mod idl;

fn main() {
    println!("cargo:rerun-if-env-changed=WIREBENCH_PROTO_FILE");
    println!("cargo:rerun-if-env-changed=WIREBENCH_PROTO_ROOT");
    println!("cargo:rerun-if-env-changed=WIREBENCH_FBS_FILE");
    println!("cargo:rerun-if-env-changed=WIREBENCH_FBS_ROOT");
    println!("cargo:rerun-if-env-changed=WIREBENCH_CAPNP_FILE");
    println!("cargo:rerun-if-env-changed=WIREBENCH_CAPNP_ROOT");
    println!("cargo::rustc-check-cfg=cfg(wirebench_proto)");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let registration = match (
        env::var("WIREBENCH_PROTO_FILE"),
        env::var("WIREBENCH_PROTO_ROOT"),
    ) {
        (Ok(file), Ok(root)) if !file.is_empty() => {
            println!("cargo:rerun-if-changed={file}");
            println!("cargo:rustc-cfg=wirebench_proto");
            generate(&file, &root, &out)
        }
        _ => {
            "pub const PROTOBUF: Option<wirebench_rust::formats::protobuf::Registration> = None;\n"
                .into()
        }
    };
    // One schema per IDL at most; the parent sets the pairs of the schemas one run needs together.
    let mut code = registration;
    code += &match (env::var("WIREBENCH_FBS_FILE"), env::var("WIREBENCH_FBS_ROOT")) {
        (Ok(file), Ok(root)) if !file.is_empty() => {
            println!("cargo:rerun-if-changed={file}");
            idl::flatbuffers(&file, &root, &out)
        }
        _ => "pub const FLATBUFFERS: Option<wirebench_rust::formats::flatbuffers::Registration> = None;\n".into(),
    };
    code += &match (
        env::var("WIREBENCH_CAPNP_FILE"),
        env::var("WIREBENCH_CAPNP_ROOT"),
    ) {
        (Ok(file), Ok(root)) if !file.is_empty() => {
            println!("cargo:rerun-if-changed={file}");
            idl::capnp(&file, &root, &out)
        }
        _ => {
            "pub const CAPNP: Option<wirebench_rust::formats::capnp::Registration> = None;\n".into()
        }
    };
    fs::write(out.join("wirebench_schema.rs"), code).unwrap();
}

fn generate(file: &str, root: &str, out: &std::path::Path) -> String {
    let dir = PathBuf::from(file)
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default();
    let descriptor = out.join("descriptor.bin");
    let mut config = prost_build::Config::new();
    config
        .file_descriptor_set_path(&descriptor)
        .include_file("_includes.rs");
    if let Err(e) = config.compile_protos(&[file], &[dir]) {
        // The generator's own words are what the user needs (protoc's syntax errors included).
        panic!("prost-build failed on {file}: {e}");
    }
    let set = FileDescriptorSet::decode(fs::read(&descriptor).unwrap().as_slice()).unwrap();
    let path = rust_path(&set, root).unwrap_or_else(|| panic!("{root} is not a message of {file}"));
    format!(
        r#"#[allow(clippy::all, dead_code, non_camel_case_types)]
pub mod generated {{
    include!(concat!(env!("OUT_DIR"), "/_includes.rs"));
}}
/// The root message's generated type.
pub type Root = generated::{path};
pub const PROTOBUF: Option<wirebench_rust::formats::protobuf::Registration> =
    Some(wirebench_rust::formats::protobuf::Registration {{
        root: {root:?},
        proto_text: include_str!({file:?}),
        descriptor_set: include_bytes!(concat!(env!("OUT_DIR"), "/descriptor.bin")),
        build: wirebench_rust::formats::protobuf::prost_codec::<Root>,
    }});
"#
    )
}

/// The Rust path prost-build gives a message: package segments and enclosing messages as
/// snake_case modules, the message itself in UpperCamelCase.
fn rust_path(set: &FileDescriptorSet, root: &str) -> Option<String> {
    for f in &set.file {
        let package = f.package();
        let rest = if package.is_empty() {
            Some(root)
        } else {
            root.strip_prefix(&format!("{package}."))
        };
        let Some(rest) = rest else { continue };
        let names: Vec<&str> = rest.split('.').collect();
        let mut level: &[DescriptorProto] = &f.message_type;
        let mut modules: Vec<String> = package
            .split('.')
            .filter(|s| !s.is_empty())
            .map(ident_snake)
            .collect();
        for (i, name) in names.iter().enumerate() {
            let m = level.iter().find(|m| m.name() == *name)?;
            if i + 1 == names.len() {
                modules.push(ident_camel(name));
                return Some(modules.join("::"));
            }
            modules.push(ident_snake(name));
            level = &m.nested_type;
        }
    }
    None
}

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
    "where", "while", "abstract", "become", "box", "do", "final", "gen", "macro", "override",
    "priv", "try", "typeof", "unsized", "virtual", "yield",
];

fn ident_snake(s: &str) -> String {
    let snake = s.to_snake_case();
    if KEYWORDS.contains(&snake.as_str()) {
        format!("r#{snake}")
    } else {
        snake
    }
}

fn ident_camel(s: &str) -> String {
    let camel = s.to_upper_camel_case();
    if camel == "Self" {
        "Self_".into()
    } else {
        camel
    }
}
