import { RateLimitHits1767000000000 } from './1767000000000-RateLimitHits';

/** The gateway's own migrations (its database holds the /v1 rate limit without Redis), oldest first. */
export const gatewayMigrations = [RateLimitHits1767000000000];
