import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

@Module({
  imports: [RateLimitsModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
