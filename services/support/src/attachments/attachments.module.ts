import { Module, type OnModuleInit, UnsupportedMediaTypeException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ATTACHMENT_MAX_BYTES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import {
  AttachmentsController,
  MEMBER_UPLOAD_PATH,
  STAFF_UPLOAD_PATH,
  StaffAttachmentsController,
} from './attachments.controller';
import { ATTACHMENT_STORAGE, PostgresAttachmentStorage } from './attachment-storage';
import { AttachmentsService } from './attachments.service';

/** Ticket attachments: uploads, downloads, and the store behind them (PostgreSQL). */
@Module({
  controllers: [AttachmentsController, StaffAttachmentsController],
  providers: [AttachmentsService, { provide: ATTACHMENT_STORAGE, useClass: PostgresAttachmentStorage }],
})
export class AttachmentsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /**
   * The two upload routes take the file's bytes (`application/octet-stream`) up to 10 MB (else
   * Fastify's 413); every other route still refuses that type with a 415, and so does an upload whose
   * request names no media type (Fastify hands such a body to this parser).
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (request, body, done) => {
        const path = request.routeOptions.url;
        // A body without a media type is parsed as bytes too: an upload names its type, else a 415.
        const named = request.headers['content-type'] !== undefined;
        if (named && (path === MEMBER_UPLOAD_PATH || path === STAFF_UPLOAD_PATH)) done(null, body);
        else
          done(
            new UnsupportedMediaTypeException(`Unsupported Media Type: ${request.headers['content-type']}`),
          );
      },
    );
  }
}
