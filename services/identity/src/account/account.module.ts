import { Module } from '@nestjs/common';
import { AccountLinksModule } from '../account-links/account-links.module';
import { AuthModule } from '../auth/auth.module';
import { AccountAttemptsService } from './account-attempts.service';
import { AccountEmailService } from './account-email.service';
import { AccountLinksController } from './account-links.controller';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { PasswordResetService } from './password-reset.service';
import { SignedInAs } from './signed-in-as';

/**
 * A customer's account after sign-up (issue 17): email verification, password reset, the settings
 * page (name, email, password, sessions).
 */
@Module({
  imports: [AuthModule, AccountLinksModule],
  controllers: [AccountController, AccountLinksController],
  providers: [AccountAttemptsService, AccountEmailService, AccountService, PasswordResetService, SignedInAs],
})
export class AccountModule {}
