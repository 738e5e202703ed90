// The format lookup across runtimes, apart from the rest of the package: it loads no runtime
// definition (they hash the children's sources and probe toolchains), so the web app can use it.

export { picksRuntimeFormat, type RuntimeFormats, runtimeFormatCatalogue } from "./catalogue.ts";
export {
  apiOptionNames,
  cliOptionNames,
  type FormatOptionNames,
  type FormatPlan,
  planFormats,
  planRunFormats,
} from "./plan-formats.ts";
