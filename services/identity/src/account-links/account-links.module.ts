import { Module } from '@nestjs/common';
import { AccountLinksService } from './account-links.service';

/** The mail links of accounts (verification, password reset, email change) and the mails that carry them. */
@Module({
  providers: [AccountLinksService],
  exports: [AccountLinksService],
})
export class AccountLinksModule {}
