import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ifNoneMatchMatches } from '@portal/nest-http';
import type { FastifyReply } from 'fastify';
import { CatalogSnapshot } from './catalog-snapshot';

/**
 * Caches may keep the catalog but must ask again before each use (a 304 when the ETag still matches):
 * a price changed a second ago is never shown.
 */
export const CATALOG_CACHE_CONTROL = 'public, no-cache';

@Controller('api/packages')
export class PackagesController {
  constructor(private readonly snapshot: CatalogSnapshot) {}

  /**
   * Public: the catalog the pricing page and the cart show, from memory (CatalogSnapshot), with a
   * strong ETag (the SHA-256 of the body); 304 when `If-None-Match` names it.
   */
  @Get()
  async list(
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const catalog = await this.snapshot.current();
    reply.header('cache-control', CATALOG_CACHE_CONTROL).header('etag', catalog.etag);
    if (ifNoneMatchMatches(ifNoneMatch, catalog.etag)) await reply.code(304).send();
    else await reply.header('content-type', 'application/json; charset=utf-8').send(catalog.body);
  }
}
