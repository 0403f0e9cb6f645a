import { Body, Controller, Get, HttpCode, HttpStatus, NotFoundException, Post } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember, StaffOnly } from '@portal/auth';
import {
  type DeflectionRequest,
  deflectionMessages,
  deflectionRequestSchema,
  type DeflectionStats,
} from '@portal/contracts';
import { helpArticleById } from '@portal/help-center';
import { DeflectionsService } from './deflections.service';

/** 'This solved it' under a suggested article of the New Ticket dialog: no ticket, one deflection. */
@Controller('api/support/deflections')
@MemberCan('tickets.use')
export class DeflectionsController {
  constructor(private readonly deflections: DeflectionsService) {}

  /** 404 for an article the help center does not have. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  async count(
    @CurrentUser() member: OrganizationMember,
    @Body({ schema: deflectionRequestSchema }) body: DeflectionRequest,
  ): Promise<{ counted: true }> {
    if (!helpArticleById(body.articleId)) throw new NotFoundException(deflectionMessages.articleNotFound);
    await this.deflections.count(member, body.articleId, body.query);
    return { counted: true };
  }
}

/** The deflection figure staff see. */
@Controller('api/support/staff/deflections')
@StaffOnly()
export class StaffDeflectionsController {
  constructor(private readonly deflections: DeflectionsService) {}

  @Get()
  stats(): Promise<DeflectionStats> {
    return this.deflections.stats();
  }
}
