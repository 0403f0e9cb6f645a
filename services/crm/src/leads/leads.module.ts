import { Module } from '@nestjs/common';
import { StaffLeadsController } from './staff-leads.controller';
import { StaffLeadsService } from './staff-leads.service';

/** The leads as staff work them (the contact form's, the quote dialog's, the checkout's). */
@Module({
  controllers: [StaffLeadsController],
  providers: [StaffLeadsService],
})
export class LeadsModule {}
