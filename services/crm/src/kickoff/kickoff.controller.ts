import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { type AuthenticatedUser, CurrentUser, CustomerOnly } from '@portal/auth';
import {
  type BookKickoffRequest,
  bookKickoffRequestSchema,
  KICKOFF_PATH,
  type KickoffResponse,
} from '@portal/contracts';
import { KickoffService } from './kickoff.service';

/** The dashboard's onboarding checklist: has the customer's organisation booked its kickoff call? */
@Controller(KICKOFF_PATH.slice(1))
@CustomerOnly()
export class KickoffController {
  constructor(private readonly kickoffs: KickoffService) {}

  @Get()
  async find(@CurrentUser() user: AuthenticatedUser): Promise<KickoffResponse> {
    return { kickoff: await this.kickoffs.findFor(user) };
  }

  @Post()
  @HttpCode(HttpStatus.OK)
  async book(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: bookKickoffRequestSchema }) body: BookKickoffRequest,
  ): Promise<KickoffResponse> {
    return { kickoff: await this.kickoffs.book(user, body.eventUri) };
  }
}
