import { Module } from '@nestjs/common';
import { BreachWarningsService } from './breach-warnings.service';

/** SLA clocks: the table written into the database at start, and the breach warnings. */
@Module({ providers: [BreachWarningsService], exports: [BreachWarningsService] })
export class SlaModule {}
