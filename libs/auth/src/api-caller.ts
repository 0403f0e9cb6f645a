import type { ApiKeyScope } from '@portal/contracts';

/** Who a `/v1` request speaks for, read from the API token the gateway forwarded (`ApiKeyGuard`). */
export interface ApiCaller {
  /** The API key (`sub`): tickets it opens record it. */
  keyId: string;
  /** `org`: the one organization the key acts in. Every query of a /v1 route filters by it. */
  organizationId: string;
  /** `scp`: what the key may do. */
  scopes: ApiKeyScope[];
  /** `usr`: the member who created the key; what the key creates is theirs. */
  creatorId: string;
}
