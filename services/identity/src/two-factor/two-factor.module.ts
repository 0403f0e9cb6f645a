import { Module } from '@nestjs/common';
import { AccountLinksModule } from '../account-links/account-links.module';
import { AuthModule } from '../auth/auth.module';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in on the settings page; its sign-in step is in `AuthModule` (`login/two-factor`). */
@Module({
  imports: [AccountLinksModule, AuthModule],
  controllers: [TwoFactorController],
  providers: [TwoFactorService],
})
export class TwoFactorModule {}
