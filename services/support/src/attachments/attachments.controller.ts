import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import {
  type AuthenticatedUser,
  CurrentUser,
  MemberCan,
  type OrganizationMember,
  StaffOnly,
} from '@portal/auth';
import {
  attachmentMessages,
  type TicketAttachment,
  ticketMessages,
  type UploadAttachmentQuery,
  uploadAttachmentQuerySchema,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { type AttachmentFile, AttachmentsService } from './attachments.service';

/** Where members and staff upload (the raw-bytes body parser takes these two paths only). */
export const MEMBER_UPLOAD_PATH = '/api/support/attachments';
export const STAFF_UPLOAD_PATH = '/api/support/staff/attachments';

const ticketNotFound = () => new NotFoundException(ticketMessages.ticketNotFound);
const attachmentNotFound = () => new NotFoundException(attachmentMessages.attachmentNotFound);
const uuid = (notFound: () => NotFoundException) => new ParseUUIDPipe({ exceptionFactory: notFound });

function bytesOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new UnsupportedMediaTypeException(attachmentMessages.attachmentSendBytes);
  return body;
}

/** A download, never shown inline: `attachment` with the file's name, and no type sniffing. */
function send(reply: FastifyReply, file: AttachmentFile | null): void {
  if (!file) throw attachmentNotFound();
  void reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

/** A member's uploads, and downloads of their organization's tickets' attachments. */
@Controller()
@MemberCan('tickets.use')
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  @Post(MEMBER_UPLOAD_PATH.slice(1))
  @HttpCode(HttpStatus.CREATED)
  upload(
    @CurrentUser() member: OrganizationMember,
    @Query({ schema: uploadAttachmentQuerySchema }) { name }: UploadAttachmentQuery,
    @Body() body: unknown,
  ): Promise<TicketAttachment> {
    return this.attachments.upload(
      { side: 'customer', userId: member.id, organizationId: member.organizationId },
      name,
      bytesOf(body),
    );
  }

  @Get('api/support/tickets/:id/attachments/:attachmentId')
  async download(
    @CurrentUser() member: OrganizationMember,
    @Param('id', uuid(ticketNotFound)) id: string,
    @Param('attachmentId', uuid(attachmentNotFound)) attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.attachments.download(id, attachmentId, member.organizationId));
  }
}

/** Staff's uploads, and downloads of any ticket's attachments (internal notes' included). */
@Controller()
@StaffOnly()
export class StaffAttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  @Post(STAFF_UPLOAD_PATH.slice(1))
  @HttpCode(HttpStatus.CREATED)
  upload(
    @CurrentUser() staff: AuthenticatedUser,
    @Query({ schema: uploadAttachmentQuerySchema }) { name }: UploadAttachmentQuery,
    @Body() body: unknown,
  ): Promise<TicketAttachment> {
    return this.attachments.upload({ side: 'staff', userId: staff.id }, name, bytesOf(body));
  }

  @Get('api/support/staff/tickets/:id/attachments/:attachmentId')
  async download(
    @Param('id', uuid(ticketNotFound)) id: string,
    @Param('attachmentId', uuid(attachmentNotFound)) attachmentId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.attachments.download(id, attachmentId));
  }
}
