import { Module } from '@nestjs/common';
import { AgentsService } from './agents.service';
import { StaffAgentsController } from './staff-agents.controller';

/** The company's agents assigned to customers' accounts: staff manage them; tickets and /v1 read them. */
@Module({
  controllers: [StaffAgentsController],
  providers: [AgentsService],
  exports: [AgentsService],
})
export class AgentsModule {}
