import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PersonalDataController } from './personal-data.controller';
import { PersonalDataService } from './personal-data.service';

/** What identity holds about an account: its export and its deletion. */
@Module({
  imports: [AuthModule],
  controllers: [PersonalDataController],
  providers: [PersonalDataService],
})
export class PersonalDataModule {}
