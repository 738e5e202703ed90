// The link flag is part of the public contract (REST options.transport.link validates with it).
export { type LinkSpec, parseLink } from "@wirebench/contracts";
