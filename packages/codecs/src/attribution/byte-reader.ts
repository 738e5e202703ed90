/** A cursor over one encoded message that refuses to read past its end (a walker bug, not a crash). */
export class ByteReader {
  pos = 0;
  readonly view: DataView;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get done(): boolean {
    return this.pos >= this.bytes.length;
  }

  need(n: number): void {
    if (this.pos + n > this.bytes.length)
      throw new Error(`read of ${n} bytes at ${this.pos} runs past the message's ${this.bytes.length}`);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++] as number;
  }

  /** Big-endian unsigned integer of `n` bytes (n ≤ 8), as a number (lengths never pass 2^53). */
  uintBE(n: number): number {
    this.need(n);
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 256 + (this.bytes[this.pos++] as number);
    return v;
  }

  uintLE(n: number): number {
    this.need(n);
    let v = 0;
    for (let i = n - 1; i >= 0; i--) v = v * 256 + (this.bytes[this.pos + i] as number);
    this.pos += n;
    return v;
  }

  /** LEB128 varint (Protobuf, Avro, Thrift compact, V8), as a bigint so 64-bit values stay exact. */
  varint(): bigint {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.u8();
      v |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return v;
      shift += 7n;
      if (shift > 70n) throw new Error(`varint longer than 10 bytes at ${this.pos}`);
    }
  }

  /** A varint that must be a small non-negative number (a length or count). */
  length(): number {
    const v = this.varint();
    if (v > BigInt(this.bytes.length)) throw new Error(`length ${v} beyond the message at ${this.pos}`);
    return Number(v);
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  /** Bytes consumed since `start`. */
  since(start: number): number {
    return this.pos - start;
  }
}
