import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { AccountExportController } from './account-export.controller';

/** The account's data in kpi: its export (its erasure is one of kpi's consumers, events/). */
@Module({ imports: [MetricsModule], controllers: [AccountExportController] })
export class AccountModule {}
