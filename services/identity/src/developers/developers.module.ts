import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { TeamModule } from '../team/team.module';
import { ApiKeyExchangeController } from './api-key-exchange.controller';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/**
 * The public API's keys (issue 20, ADR 0200): the Developers page's routes, and the gateway's exchange
 * of a key for an API token signed with identity's key (TokenService).
 */
@Module({
  imports: [AuthModule, MembershipsModule, TeamModule],
  controllers: [ApiKeysController, ApiKeyExchangeController],
  providers: [ApiKeysService],
})
export class DevelopersModule {}
