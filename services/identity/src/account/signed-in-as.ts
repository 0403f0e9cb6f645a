import { Injectable } from '@nestjs/common';
import { parseBearer } from '@portal/auth';
import type { FastifyRequest } from 'fastify';
import { SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';

/**
 * The account signed in where a mail link is opened, if any: the link pages call their routes with
 * the visitor's token when there is one, so a link of another account is refused rather than acted on.
 * A missing, bad or ended token counts as signed out (the links work signed out).
 */
@Injectable()
export class SignedInAs {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionsService,
  ) {}

  async userId(request: FastifyRequest): Promise<string | null> {
    const bearer = parseBearer(request.headers.authorization);
    if (bearer.kind !== 'token') return null;
    const claims = await this.tokens.verify(bearer.token);
    const user = claims && (await this.sessions.findUser(claims.sid, claims.sub));
    return user ? user.id : null;
  }
}
