import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { GatewayConfig } from './env';

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** Makes the configuration read at boot injectable as `@Inject(GATEWAY_CONFIG)`. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
      exports: [GATEWAY_CONFIG],
    };
  }
}
