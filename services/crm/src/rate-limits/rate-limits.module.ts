import { Module } from '@nestjs/common';
import { LeadLimitsService } from './lead-limits.service';

@Module({
  providers: [LeadLimitsService],
  exports: [LeadLimitsService],
})
export class RateLimitsModule {}
