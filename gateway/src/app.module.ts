import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import type { GatewayConfig } from './config/env';
import { HealthModule } from './health/health.module';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return { module: AppModule, imports: [ConfigModule.forRoot(config), HealthModule] };
  }
}
