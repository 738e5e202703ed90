import { runtimeIds } from "@wirebench/contracts";
import { ExampleSizeChart } from "@/components/example-size-chart";
import { UploadForm } from "@/components/upload/upload-form";
import { parseWebEnv } from "@/env";
import { formatChoices } from "@/lib/format-choices";
import { homeSizes } from "@/lib/home-sizes";

export const dynamic = "force-dynamic";

export default function HomePage() {
  const { document, bars } = homeSizes();
  const [json, msgpack] = bars;
  const ratio = json && msgpack ? ((msgpack.bytes / json.bytes) * 100).toFixed(1) : "?";
  return (
    <main>
      <h1>Wirebench</h1>
      <p className="lede">
        What would your data cost on the wire? Wirebench takes a JSON sample or a schema, builds a codec for
        every serialization format (JSON, MessagePack, CBOR, Protobuf, Avro, Thrift, FlatBuffers, Cap&apos;n
        Proto and more), checks that each one round-trips your data, and measures size and speed.
      </p>
      <UploadForm
        formats={formatChoices}
        maxBytes={parseWebEnv().WIREBENCH_MAX_INPUT_BYTES}
        runtimes={runtimeIds}
      />
      <section>
        <h2>
          {document}: {msgpack?.format ?? "MessagePack"} is {ratio}% of minified JSON
        </h2>
        <ExampleSizeChart bars={bars} />
      </section>
    </main>
  );
}
