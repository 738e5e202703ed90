import * as capnp from "capnp-es";

/**
 * Points a still-null list pointer (an element of a List(List(T)) or List(Data)) at a new list of
 * `length` elements. capnp-es only exports an initialiser for struct fields (`utils.initList`), so
 * this repeats its allocation with the exported pointer helpers.
 */
export function initListAt(
  list: capnp.Pointer,
  size: capnp.ListElementSize,
  length: number,
  compositeSize?: capnp.ObjectSize,
): void {
  const u = capnp.utils;
  let content: capnp.Pointer;
  if (size === capnp.ListElementSize.COMPOSITE) {
    if (!compositeSize) throw new Error("a list of structs needs the struct size");
    const padded = new capnp.ObjectSize((compositeSize.dataByteLength + 7) & -8, compositeSize.pointerLength);
    const bytes = (padded.dataByteLength + padded.pointerLength * 8) * length;
    // Composite lists start with a tag word shaped like a struct pointer giving the element count.
    content = list.segment.allocate(bytes + 8);
    u.setStructPointer(length, padded, content);
    compositeSize = padded;
  } else if (size === capnp.ListElementSize.VOID) {
    u.setListPointer(0, size, length, list);
    return;
  } else if (size === capnp.ListElementSize.BIT) {
    content = list.segment.allocate(Math.ceil(length / 8));
  } else {
    content = list.segment.allocate(length * u.getListElementByteLength(size));
  }
  const res = u.initPointer(content.segment, content.byteOffset, list);
  u.setListPointer(res.offsetWords, size, length, res.pointer, compositeSize);
}

/** The element size a generated list class declares (Data is a byte list without its own `_capnp`). */
export function listShape(
  list: unknown,
  itemKind: string,
): { size: capnp.ListElementSize; composite?: capnp.ObjectSize } {
  if (itemKind === "bytes") return { size: capnp.ListElementSize.BYTE };
  const c = (
    list as { constructor: { _capnp: { size: capnp.ListElementSize; compositeSize?: capnp.ObjectSize } } }
  ).constructor._capnp;
  return { size: c.size, composite: c.compositeSize };
}
