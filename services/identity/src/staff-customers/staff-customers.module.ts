import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { StaffCustomersController } from './staff-customers.controller';
import { StaffCustomersService } from './staff-customers.service';

/** Staff's view of the customers: organizations, plans, members; accounts by email or id. */
@Module({
  imports: [AuthModule],
  controllers: [StaffCustomersController],
  providers: [StaffCustomersService],
})
export class StaffCustomersModule {}
