// The `thrift` npm runtime ships no types; this declares only what the Thrift adapter uses.
declare module "thrift" {
  export class TBufferedTransport {
    constructor(buffer?: Buffer, onFlush?: (msg: Buffer) => void);
    flush(): void;
  }
  export class TFramedTransport {
    constructor(buffer?: Buffer);
  }
  export class TBinaryProtocol {
    constructor(transport: unknown);
  }
  export class TCompactProtocol {
    constructor(transport: unknown);
  }
  export class TJSONProtocol {
    constructor(transport: unknown);
    writeMessageBegin(name: string, type: number, seqid: number): void;
    writeMessageEnd(): void;
    readMessageBegin(): { fname: string; mtype: number; rseqid: number };
    readMessageEnd(): void;
    flush(): void;
  }
  export const Int64: new (...args: unknown[]) => { toOctetString(): string };
  export function toBigInt(i64: unknown): bigint;
  export function fromBigInt(value: bigint): unknown;
  const thrift: {
    TBufferedTransport: typeof TBufferedTransport;
    TFramedTransport: typeof TFramedTransport;
    TBinaryProtocol: typeof TBinaryProtocol;
    TCompactProtocol: typeof TCompactProtocol;
    TJSONProtocol: typeof TJSONProtocol;
    Int64: typeof Int64;
    toBigInt: typeof toBigInt;
    fromBigInt: typeof fromBigInt;
  };
  export default thrift;
}
