import { Module } from '@nestjs/common';
import { AccountLinksModule } from '../account-links/account-links.module';
import { AuthModule } from '../auth/auth.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { PersonalDataController } from './personal-data.controller';
import { PersonalDataService } from './personal-data.service';

/** What identity holds about an account: its export and its deletion. */
@Module({
  imports: [AccountLinksModule, AuthModule, MembershipsModule],
  controllers: [PersonalDataController],
  providers: [PersonalDataService],
})
export class PersonalDataModule {}
