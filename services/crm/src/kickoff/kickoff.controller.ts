import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CurrentUser, MemberCan, type OrganizationMember } from '@portal/auth';
import {
  type BookKickoffRequest,
  bookKickoffRequestSchema,
  KICKOFF_PATH,
  type KickoffResponse,
} from '@portal/contracts';
import { KickoffService } from './kickoff.service';

/**
 * The dashboard's onboarding checklist: has the organisation the token acts in booked its kickoff
 * call? Every member sees it (`kpis.read`); those who set up its integrations book it
 * (`integrations.manage`).
 */
@Controller(KICKOFF_PATH.slice(1))
export class KickoffController {
  constructor(private readonly kickoffs: KickoffService) {}

  @Get()
  @MemberCan('kpis.read')
  async find(@CurrentUser() user: OrganizationMember): Promise<KickoffResponse> {
    return { kickoff: await this.kickoffs.findFor(user) };
  }

  @Post()
  @MemberCan('integrations.manage')
  @HttpCode(HttpStatus.OK)
  async book(
    @CurrentUser() user: OrganizationMember,
    @Body({ schema: bookKickoffRequestSchema }) body: BookKickoffRequest,
  ): Promise<KickoffResponse> {
    return { kickoff: await this.kickoffs.book(user, body.eventUri) };
  }
}
