package adapters

import (
	"fmt"

	"capnproto.org/go/capnp/v3"
	"capnproto.org/go/capnp/v3/schemas"
	"capnproto.org/go/capnp/v3/std/capnp/schema"
)

// The layout of a Cap'n Proto struct as its compiled schema gives it (the nodes capnpc-go's generated
// code registers in schemas.DefaultRegistry), read once: what the reflective reader and writer of
// capnp.go walk. go-capnp has no dynamic API of its own, so this is the part of one it needs.

type capKind int

const (
	capVoid   capKind = iota
	capBits           // bool
	capScalar         // every integer, float and enum: `size` bytes of the data section
	capText
	capData
	capList
	capStruct
)

type capType struct {
	kind capKind
	size capnp.Size // capScalar: 1, 2, 4 or 8 bytes
	elem *capType   // capList
	node *capNode   // capStruct
}

type capField struct {
	name         string
	discriminant uint16 // schema.Field_noDiscriminant outside a union
	typ          capType
	offset       uint32   // slot: in units of the type's size (bits for bool), or the pointer index
	group        *capNode // a group: fields laid in the same struct
}

type capNode struct {
	name               string
	size               capnp.ObjectSize
	discriminantCount  uint16
	discriminantOffset uint32 // in uint16 units
	fields             []capField
}

type capSchema struct {
	nodes map[uint64]schema.Node
	built map[uint64]*capNode
}

// loadCapSchema reads the registered nodes of the file that holds `root`.
func loadCapSchema(root uint64) (*capNode, error) {
	data, err := schemas.DefaultRegistry.Find(root)
	if err != nil {
		return nil, err
	}
	msg, err := capnp.Unmarshal(data)
	if err != nil {
		return nil, err
	}
	req, err := schema.ReadRootCodeGeneratorRequest(msg)
	if err != nil {
		return nil, err
	}
	nodes, err := req.Nodes()
	if err != nil {
		return nil, err
	}
	s := &capSchema{nodes: map[uint64]schema.Node{}, built: map[uint64]*capNode{}}
	for i := 0; i < nodes.Len(); i++ {
		s.nodes[nodes.At(i).Id()] = nodes.At(i)
	}
	return s.node(root)
}

func (s *capSchema) node(id uint64) (*capNode, error) {
	if n, ok := s.built[id]; ok {
		return n, nil
	}
	raw, ok := s.nodes[id]
	if !ok || raw.Which() != schema.Node_Which_structNode {
		return nil, fmt.Errorf("no struct node @0x%x among the registered schemas", id)
	}
	st := raw.StructNode()
	name, _ := raw.DisplayName()
	n := &capNode{
		name:               name,
		size:               capnp.ObjectSize{DataSize: capnp.Size(st.DataWordCount()) * 8, PointerCount: st.PointerCount()},
		discriminantCount:  st.DiscriminantCount(),
		discriminantOffset: st.DiscriminantOffset(),
	}
	s.built[id] = n // before the fields: a struct may hold a list of itself
	fields, err := st.Fields()
	if err != nil {
		return nil, err
	}
	for i := 0; i < fields.Len(); i++ {
		f := fields.At(i)
		fname, err := f.Name()
		if err != nil {
			return nil, err
		}
		cf := capField{name: fname, discriminant: f.DiscriminantValue()}
		if f.Which() == schema.Field_Which_group {
			if cf.group, err = s.node(f.Group().TypeId()); err != nil {
				return nil, err
			}
		} else {
			slot := f.Slot()
			t, err := slot.Type()
			if err != nil {
				return nil, err
			}
			if cf.typ, err = s.typeOf(t); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", name, fname, err)
			}
			if err := checkZeroDefault(slot); err != nil {
				return nil, fmt.Errorf("%s.%s: %w", name, fname, err)
			}
			cf.offset = slot.Offset()
		}
		n.fields = append(n.fields, cf)
	}
	return n, nil
}

var scalarSizes = map[schema.Type_Which]capnp.Size{
	schema.Type_Which_int8: 1, schema.Type_Which_uint8: 1,
	schema.Type_Which_int16: 2, schema.Type_Which_uint16: 2, schema.Type_Which_enum: 2,
	schema.Type_Which_int32: 4, schema.Type_Which_uint32: 4, schema.Type_Which_float32: 4,
	schema.Type_Which_int64: 8, schema.Type_Which_uint64: 8, schema.Type_Which_float64: 8,
}

func (s *capSchema) typeOf(t schema.Type) (capType, error) {
	w := t.Which()
	if sz, ok := scalarSizes[w]; ok {
		return capType{kind: capScalar, size: sz}, nil
	}
	switch w {
	case schema.Type_Which_void:
		return capType{kind: capVoid}, nil
	case schema.Type_Which_bool:
		return capType{kind: capBits}, nil
	case schema.Type_Which_text:
		return capType{kind: capText}, nil
	case schema.Type_Which_data:
		return capType{kind: capData}, nil
	case schema.Type_Which_list:
		et, err := t.List().ElementType()
		if err != nil {
			return capType{}, err
		}
		elem, err := s.typeOf(et)
		if err != nil {
			return capType{}, err
		}
		return capType{kind: capList, elem: &elem}, nil
	case schema.Type_Which_structType:
		n, err := s.node(t.StructType().TypeId())
		return capType{kind: capStruct, node: n}, err
	}
	return capType{}, fmt.Errorf("type %v is not supported by the Go child's Cap'n Proto reader (interfaces, AnyPointer)", w)
}

// checkZeroDefault: scalars are stored XORed with their default; the emitted schemas have none, and
// this reader stores them plainly, so a non-zero default is refused rather than misread.
func checkZeroDefault(slot schema.Field_slot) error {
	if !slot.HasDefaultValue() {
		return nil
	}
	v, err := slot.DefaultValue()
	if err != nil {
		return err
	}
	// A Value is two data words: its union's tag in bytes 0–1, and every scalar member in the rest
	// (bool at bit 16, int8 at byte 2, int16 at bytes 2–3, 32-bit ones at 4–7, 64-bit ones at 8–15).
	// A pointer default (text, data, list, struct) is null or empty and reads the same either way.
	raw := capnp.Struct(v)
	zero := raw.Uint64(0)&^0xffff == 0 && raw.Uint64(8) == 0
	if !zero {
		return fmt.Errorf("a non-zero default value is not supported by the Go child's Cap'n Proto reader")
	}
	return nil
}
