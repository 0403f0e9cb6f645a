import { Module } from '@nestjs/common';
import { KickoffController } from './kickoff.controller';
import { KickoffService } from './kickoff.service';

/** The kickoff call a new customer's organisation books with the onboarding team. */
@Module({ controllers: [KickoffController], providers: [KickoffService], exports: [KickoffService] })
export class KickoffModule {}
