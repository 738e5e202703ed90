import { z } from "zod";

/**
 * The parts of the OpenAPI document the reference page renders, read through a schema (the
 * generator types the document loosely): a document missing them fails loudly at build, not as a
 * blank page.
 */
export interface SchemaView {
  type?: string | string[] | undefined;
  properties?: Record<string, SchemaView> | undefined;
  description?: string | undefined;
  enum?: unknown[] | undefined;
  $ref?: string | undefined;
  items?: SchemaView | undefined;
  required?: string[] | undefined;
}
const schemaView: z.ZodType<SchemaView> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), schemaView).optional(),
    description: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    $ref: z.string().optional(),
    items: schemaView.optional(),
    required: z.array(z.string()).optional(),
  }),
);

const operationView = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: schemaView.optional(),
      }),
    )
    .optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: schemaView })) }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string() })),
});
export type OperationView = z.infer<typeof operationView>;

export const openApiView = z.object({
  info: z.object({ title: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), operationView)),
  components: z.object({ schemas: z.record(z.string(), schemaView) }),
});
