//! Wirebench's `Data` tree ↔ a Cap'n Proto struct, through capnp's dynamic reflection API. Fields go
//! in schema (code) order; a pointer field left out of the tree stays null; a union's active member
//! is the one member present; enums are their ordinal; groups are nested maps.
use crate::lossless::Data;
use capnp::dynamic_value::{Builder as VB, Enum, Reader as VR};
use capnp::introspect::TypeVariant;
use capnp::schema::Field;
use capnp::schema_capnp::field;
use capnp::{Error, dynamic_list, dynamic_struct};

fn err(s: String) -> Error {
    Error::failed(s)
}

fn name(f: &Field) -> capnp::Result<&'static str> {
    f.get_proto()
        .get_name()?
        .to_str()
        .map_err(|e| err(e.to_string()))
}

fn is_group(f: &Field) -> capnp::Result<bool> {
    Ok(matches!(f.get_proto().which()?, field::Group(_)))
}

pub fn read_struct(r: dynamic_struct::Reader<'_>) -> capnp::Result<Data> {
    let schema = r.get_schema();
    let mut out = Vec::new();
    let mut fields: Vec<Field> = schema.get_non_union_fields()?.iter().collect();
    if let Some(active) = r.which()? {
        fields.push(active);
    }
    fields.sort_by_key(|f| f.get_index());
    for f in fields {
        let group = is_group(&f)?;
        let pointer = matches!(
            f.get_type().which(),
            TypeVariant::Text
                | TypeVariant::Data
                | TypeVariant::List(_)
                | TypeVariant::Struct(_)
                | TypeVariant::AnyPointer
        );
        if pointer && !group && !r.has(f)? {
            continue;
        }
        out.push((name(&f)?.to_string(), read_value(r.get(f)?)?));
    }
    Ok(Data::Map(out))
}

fn read_value(v: VR<'_>) -> capnp::Result<Data> {
    Ok(match v {
        VR::Void => Data::Null,
        VR::Bool(b) => Data::Bool(b),
        VR::Int8(i) => Data::Int(i.into()),
        VR::Int16(i) => Data::Int(i.into()),
        VR::Int32(i) => Data::Int(i.into()),
        VR::Int64(i) => Data::Int(i),
        VR::UInt8(i) => Data::Int(i.into()),
        VR::UInt16(i) => Data::Int(i.into()),
        VR::UInt32(i) => Data::Int(i.into()),
        VR::UInt64(i) => i64::try_from(i).map_or(Data::UInt(i), Data::Int),
        VR::Float32(f) => Data::Float(f.into()),
        VR::Float64(f) => Data::Float(f),
        VR::Enum(e) => Data::Int(e.get_value().into()),
        VR::Text(t) => Data::Str(t.to_string().map_err(|e| err(e.to_string()))?),
        VR::Data(d) => Data::Bytes(d.to_vec()),
        VR::Struct(s) => read_struct(s)?,
        VR::List(l) => Data::Array(
            l.iter()
                .map(|x| read_value(x?))
                .collect::<capnp::Result<_>>()?,
        ),
        VR::AnyPointer(_) | VR::Capability(_) => {
            return Err(err("AnyPointer and capabilities are not data".into()));
        }
    })
}

pub fn write_struct(mut b: dynamic_struct::Builder<'_>, v: &Data) -> capnp::Result<()> {
    let Data::Map(entries) = v else {
        return Err(err(format!("a struct needs a map, got {v:?}")));
    };
    let schema = b.get_schema();
    for f in schema.get_fields()? {
        let n = name(&f)?;
        let Some((_, value)) = entries.iter().find(|(k, _)| k == n) else {
            continue;
        };
        if is_group(&f)? {
            let VB::Struct(g) = b.reborrow().get(f)? else {
                return Err(err(format!("{n}: not a group")));
            };
            write_struct(g, value)?;
            continue;
        }
        write_field(b.reborrow(), f, value).map_err(|e| err(format!("{n}: {e}")))?;
    }
    Ok(())
}

fn write_field(mut b: dynamic_struct::Builder<'_>, f: Field, v: &Data) -> capnp::Result<()> {
    match (f.get_type().which(), v) {
        (TypeVariant::Struct(_), _) => {
            let VB::Struct(s) = b.init(f)? else {
                unreachable!()
            };
            write_struct(s, v)
        }
        (TypeVariant::List(_), Data::Array(items)) => {
            let VB::List(l) = b.initn(f, items.len() as u32)? else {
                unreachable!()
            };
            write_list(l, items)
        }
        (ty, v) => b.set(f, scalar(ty, v)?),
    }
}

fn write_list(mut l: dynamic_list::Builder<'_>, items: &[Data]) -> capnp::Result<()> {
    let ty = l.element_type().which();
    for (i, item) in items.iter().enumerate() {
        let i = i as u32;
        match (&ty, item) {
            (TypeVariant::Struct(_), _) => {
                let VB::Struct(s) = l.reborrow().get(i)? else {
                    unreachable!()
                };
                write_struct(s, item)?;
            }
            (TypeVariant::List(_), Data::Array(inner)) => {
                let VB::List(sub) = l.reborrow().init(i, inner.len() as u32)? else {
                    unreachable!()
                };
                write_list(sub, inner)?;
            }
            (ty, v) => l.set(i, scalar(ty.clone(), v)?)?,
        }
    }
    Ok(())
}

fn int(v: &Data) -> capnp::Result<i128> {
    match v {
        Data::Int(i) => Ok((*i).into()),
        Data::UInt(u) => Ok((*u).into()),
        other => Err(err(format!("expected an integer, got {other:?}"))),
    }
}

fn narrow<T: TryFrom<i128>>(v: &Data) -> capnp::Result<T> {
    T::try_from(int(v)?).map_err(|_| err(format!("{v:?} is out of range")))
}

fn scalar<'a>(ty: TypeVariant, v: &'a Data) -> capnp::Result<VR<'a>> {
    Ok(match (ty, v) {
        (TypeVariant::Void, _) => VR::Void,
        (TypeVariant::Bool, Data::Bool(b)) => VR::Bool(*b),
        (TypeVariant::Int8, v) => VR::Int8(narrow(v)?),
        (TypeVariant::Int16, v) => VR::Int16(narrow(v)?),
        (TypeVariant::Int32, v) => VR::Int32(narrow(v)?),
        (TypeVariant::Int64, v) => VR::Int64(narrow(v)?),
        (TypeVariant::UInt8, v) => VR::UInt8(narrow(v)?),
        (TypeVariant::UInt16, v) => VR::UInt16(narrow(v)?),
        (TypeVariant::UInt32, v) => VR::UInt32(narrow(v)?),
        (TypeVariant::UInt64, v) => VR::UInt64(narrow(v)?),
        (TypeVariant::Float32, Data::Float(f)) => VR::Float32(*f as f32),
        (TypeVariant::Float64, Data::Float(f)) => VR::Float64(*f),
        (TypeVariant::Float32, v) => VR::Float32(int(v)? as f32),
        (TypeVariant::Float64, v) => VR::Float64(int(v)? as f64),
        (TypeVariant::Enum(e), v) => VR::Enum(Enum::new(narrow(v)?, e.into())),
        (TypeVariant::Text, Data::Str(s)) => VR::Text(s.as_str().into()),
        (TypeVariant::Data, Data::Bytes(b)) => VR::Data(b),
        (_, v) => return Err(err(format!("{v:?} does not fit this field"))),
    })
}
