import { Module } from '@nestjs/common';
import { AccountLinksModule } from '../account-links/account-links.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { OrganizationsController } from '../organizations/organizations.controller';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';
import { TwoFactorCodes } from '../two-factor/two-factor-codes';
import { UsersService } from '../users/users.service';
import { AuthAttemptsService } from './auth-attempts.service';
import { AuthHousekeepingService } from './auth-housekeeping.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordHasher } from './password-hasher';
import { SessionAuthGuard } from './session-auth.guard';
import { TwoFactorChallenges } from './two-factor-challenges';

@Module({
  imports: [AccountLinksModule, MembershipsModule, OrganizationsModule],
  controllers: [AuthController, OrganizationsController],
  providers: [
    AuthService,
    AuthAttemptsService,
    AuthHousekeepingService,
    PasswordHasher,
    SessionsService,
    SessionAuthGuard,
    TokenService,
    TwoFactorChallenges,
    TwoFactorCodes,
    UsersService,
  ],
  exports: [
    AuthAttemptsService,
    AuthService,
    PasswordHasher,
    SessionAuthGuard,
    SessionsService,
    TokenService,
    TwoFactorChallenges,
    TwoFactorCodes,
    UsersService,
  ],
})
export class AuthModule {}
