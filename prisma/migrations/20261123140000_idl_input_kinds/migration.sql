-- A run made from a .thrift, .fbs or .capnp schema alone records that kind as its input.
ALTER TYPE "InputKind" ADD VALUE IF NOT EXISTS 'thrift';
ALTER TYPE "InputKind" ADD VALUE IF NOT EXISTS 'fbs';
ALTER TYPE "InputKind" ADD VALUE IF NOT EXISTS 'capnp';
