import { getRunResponse } from "../../src/server/http/runs-api.ts";
import { markPeerAddressHeaderWritten, peerAddressHeader } from "../../src/server/services/client-address.ts";
import type { TestServices } from "../api/test-services.ts";

// These tests stand in for server.ts, which writes the peer address header on every request.
markPeerAddressHeaderWritten();

/** Headers of a request that arrived from `ip`, as server.ts records it. */
export const from = (ip: string, headers: Record<string, string> = {}) => ({
  [peerAddressHeader]: ip,
  ...headers,
});

export const jsonPost = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`http://wirebench.test${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });

export const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://wirebench.test${path}`, { headers });

/** An address no attack in these tests comes from: the bystander whose cheap read must keep working. */
export const bystander = "198.51.100.200";

/**
 * Sends the hostile request(s) and, while they are handled, a cheap read of `runId` by a bystander.
 * Both answers come back; the bystander's must be a 200 whatever the attack did.
 */
export async function alongside<T>(s: TestServices, runId: string, attack: () => Promise<T>) {
  const hostile = attack();
  const cheap = getRunResponse(s, get(`/api/v1/runs/${runId}`, from(bystander)), runId);
  const [result, read] = await Promise.all([hostile, cheap]);
  return { result, read };
}

/** A fresh, never-repeating address for each generated case, so cases do not share buckets. */
let next = 1;
export const freshAddress = () => {
  const n = next++;
  return `203.0.${(n >> 8) & 255}.${n & 255}`;
};

export const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
