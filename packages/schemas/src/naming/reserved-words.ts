/** Words each IDL (or the code its compiler generates) cannot use as a name. */
const set = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

/** Names that break generated or reflective JavaScript objects whatever the IDL. */
export const jsObjectNames =
  set(`__proto__ constructor prototype hasOwnProperty isPrototypeOf propertyIsEnumerable
  toString toLocaleString valueOf toJSON __defineGetter__ __defineSetter__ __lookupGetter__ __lookupSetter__`);

const jsKeywords =
  set(`break case catch class const continue debugger default delete do else enum export extends
  false finally for function if import in instanceof new null return super switch this throw true try typeof var
  void while with yield let static implements interface package private protected public await arguments eval`);

export const protoReserved = new Set([
  ...set(`syntax import weak public package option message enum service rpc returns stream repeated optional
    required oneof map reserved extensions extend to max group true false inf nan double float int32 int64 uint32
    uint64 sint32 sint64 fixed32 fixed64 sfixed32 sfixed64 bool string bytes edition`),
  ...jsObjectNames,
  ...set(`$type $root`),
]);

export const avroReserved = new Set([...jsObjectNames]);

export const thriftReserved = new Set([
  ...set(`BEGIN END __CLASS__ __DIR__ __FILE__ __FUNCTION__ __LINE__ __METHOD__ __NAMESPACE__ abstract alias and
    args as assert begin break case catch class clone continue declare def default del delete do dynamic elif else
    elseif elsif end enddeclare endfor endforeach endif endswitch endwhile ensure except exec finally float for
    foreach from function global goto if implements import in inline instanceof interface is lambda module native
    new next nil not or package pass public print private protected raise redo rescue retry register return self
    sizeof static super switch synchronized then this throw transient try undef unless unsigned until use var
    virtual volatile when while with xor yield namespace include cpp_include typedef enum senum const struct union
    exception extends service oneway void throws required optional bool byte i8 i16 i32 i64 double string binary
    slist map set list cpp_type true false null undefined let await export super typeof`),
  ...jsObjectNames,
]);

export const fbsReserved = new Set([
  ...set(`table struct enum union namespace root_type include attribute file_identifier file_extension rpc_service
    bool byte ubyte short ushort int uint float long ulong double string int8 uint8 int16 uint16 int32 uint32
    int64 uint64 float32 float64 true false required key id deprecated native_type`),
  ...jsKeywords,
  ...jsObjectNames,
  // flatc --ts generates these methods on every table class.
  ...set(`bb bb_pos init getRootAs getSizePrefixedRootAs unpack unpackTo pack __init`),
]);

export const capnpReserved = new Set([
  ...set(`struct enum union interface const annotation using import embed extends group true false inf nan void
    bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64 text data list anyPointer capability
    fixed namespace`),
  ...jsKeywords,
  ...jsObjectNames,
  // capnp-es generated accessors and struct members.
  ...set(`segment byteOffset _capnp toString`),
]);

/**
 * colf(1) parses a .colf as Go source, so Go's keywords are out; its own type names cannot name a
 * struct; and its Go output declares these package names and methods, which a title-cased struct or
 * field name would clash with (a field `marshalTo` becomes `MarshalTo`).
 */
export const colferReserved =
  set(`break case chan const continue default defer else fallthrough for func go goto if
  import interface map package range return select struct switch type var
  bool uint8 uint16 uint32 uint64 int32 int64 float32 float64 timestamp text binary
  ColferError ColferTail ColferMax ColferSizeMax ColferListMax intconv
  marshalTo marshalLen marshalBinary unmarshal unmarshalBinary MarshalTo MarshalLen MarshalBinary Unmarshal UnmarshalBinary`);
