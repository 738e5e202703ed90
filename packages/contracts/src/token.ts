import { z } from "zod";

export const tokenViewSchema = z
  .object({
    id: z.string(),
    prefix: z.string().describe("First characters of the token, to tell tokens apart."),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "ApiToken" });
export type TokenView = z.infer<typeof tokenViewSchema>;

export const tokenListSchema = z.object({ tokens: z.array(tokenViewSchema) }).meta({ id: "ApiTokenList" });
export type TokenList = z.infer<typeof tokenListSchema>;

export const createTokenResponseSchema = z
  .object({ id: z.string(), prefix: z.string(), token: z.string().describe("Shown once.") })
  .meta({ id: "CreatedToken" });
export type CreateTokenResponse = z.infer<typeof createTokenResponseSchema>;
