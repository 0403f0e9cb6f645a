import type { DynamicModule, ModuleMetadata, Type, ValueProvider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { type DataSourceConfig, serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';

/** What the platform reads of a service's config. */
export interface PlatformConfig {
  databaseUrl: string;
  /** Unset: no relay runs; events wait in the outbox and sign-outs are known only in this process. */
  natsUrl?: string;
  /**
   * identity's base URL, whose JWKS verifies access tokens (`AuthModule`). identity itself has none:
   * it verifies the tokens it signs with its own keys.
   */
  identityUrl?: string;
}

export interface ServiceModuleOptions<Config extends PlatformConfig> {
  /** The service's name: its outbox relay connects to NATS as `<name>-outbox`. */
  name: string;
  config: Config;
  /** The injection token of `config`, for the features that read it. */
  configToken: symbol;
  /** The service's own database (its entities and migrations) at a URL. */
  database: (url: string) => DataSourceConfig;
  /** The service's feature modules. */
  features: NonNullable<ModuleMetadata['imports']>;
  /** Other values any feature may inject: provided and exported globally, as the config is. */
  provide?: ValueProvider[];
}

/**
 * A service's root module: the platform every service runs on (TypeORM on its database, the outbox
 * relay, access-token verification, `GET /health`), then its own features; its config (under
 * `configToken`) and values are injectable everywhere.
 * `AppModule.forRoot(config)` returns `serviceModule(AppModule, { … })`.
 */
export function serviceModule<Config extends PlatformConfig>(
  root: Type<unknown>,
  options: ServiceModuleOptions<Config>,
): DynamicModule {
  const { config } = options;
  const { natsUrl, identityUrl } = config;
  const provide = [{ provide: options.configToken, useValue: config }, ...(options.provide ?? [])];
  return {
    module: root,
    global: true,
    imports: [
      TypeOrmModule.forRoot(serviceDataSourceOptions(options.database(config.databaseUrl))),
      OutboxRelayModule.forRoot({ natsUrl, name: `${options.name}-outbox` }),
      ...(identityUrl ? [AuthModule.forRoot({ jwksUrl: identityJwksUrl(identityUrl), natsUrl })] : []),
      ServiceHealthModule,
      ...options.features,
    ],
    providers: provide,
    exports: provide.map(({ provide: token }) => token),
  };
}
