import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SessionsService } from '../sessions/sessions.service';
import { TokenService } from '../tokens/token.service';
import { UsersService } from '../users/users.service';
import { AuthAttemptsService } from './auth-attempts.service';
import { AuthHousekeepingService } from './auth-housekeeping.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordHasher } from './password-hasher';
import { SessionAuthGuard } from './session-auth.guard';

@Module({
  imports: [OrganizationsModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    AuthAttemptsService,
    AuthHousekeepingService,
    PasswordHasher,
    SessionsService,
    SessionAuthGuard,
    TokenService,
    UsersService,
  ],
  exports: [PasswordHasher, SessionAuthGuard, SessionsService, TokenService],
})
export class AuthModule {}
