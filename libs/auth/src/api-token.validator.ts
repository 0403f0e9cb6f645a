import { Injectable, UnauthorizedException } from '@nestjs/common';
import { API_ACCESS_TOKEN_LIFETIME_SECONDS, apiAccessTokenClaimsSchema } from '@portal/contracts';
import type { ApiCaller } from './api-caller';
import { apiKeyAuthMessages } from './auth-errors';
import type { TokenPayloadValidator } from './access-token.strategy';

/**
 * Turns the payload of an API token whose signature, algorithm, issuer (identity), audience
 * (`portal-api`) and expiry passport-jwt verified into the request's `ApiCaller`: the claims must
 * match the contract, and the token must not outlive the lifetime identity gives API tokens (a
 * revoked key stops working within it at the latest). An access token of a member (audience
 * `portal`) never gets here: passport-jwt refused its audience already.
 */
@Injectable()
export class ApiTokenValidator implements TokenPayloadValidator {
  validate(payload: unknown): Promise<ApiCaller> {
    const claims = apiAccessTokenClaimsSchema.safeParse(payload);
    if (!claims.success || claims.data.exp - claims.data.iat > API_ACCESS_TOKEN_LIFETIME_SECONDS) {
      return Promise.reject(new UnauthorizedException(apiKeyAuthMessages.invalidKey));
    }
    const { sub, org, scp, usr } = claims.data;
    return Promise.resolve({ keyId: sub, organizationId: org, scopes: scp, creatorId: usr });
  }
}
