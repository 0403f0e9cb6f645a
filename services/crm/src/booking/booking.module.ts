import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { BookingController } from './booking.controller';
import { BookingService } from './booking.service';
import { StaffAvailabilityController } from './staff-availability.controller';
import { StaffAvailabilityService } from './staff-availability.service';

/** The company's own booking when no external scheduler is configured (ADR 0232). */
@Module({
  imports: [RateLimitsModule],
  controllers: [BookingController, StaffAvailabilityController],
  providers: [BookingService, StaffAvailabilityService],
})
export class BookingModule {}
