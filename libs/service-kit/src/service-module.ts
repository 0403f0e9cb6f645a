import {
  type DynamicModule,
  Module,
  type ModuleMetadata,
  type Type,
  type ValueProvider,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { type DataSourceConfig, serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';
import { ProbesModule } from '@portal/nest-http';
import { ServiceProbes } from './service-probes';

type ModuleImports = NonNullable<ModuleMetadata['imports']>;

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

export interface ServiceRootOptions<Config extends PlatformConfig> {
  /** The injection token of the service's config, for the features that read it. */
  configToken: symbol;
  /** The service's own database (its entities and migrations) at a URL. */
  database: (url: string) => DataSourceConfig;
  /** The service's feature modules, or the function that makes them from the config. */
  features: ModuleImports | ((config: Config) => ModuleImports);
  /** Other values any feature may inject, made from the config: provided and exported globally, as the config is. */
  provide?: (config: Config) => ValueProvider[];
}

/** A service's root module: `AppModule.forRoot(config)` for `main` and the test harnesses alike. */
export interface ServiceRootModule<Config extends PlatformConfig> extends Type<unknown> {
  forRoot(config: Config): DynamicModule;
  /**
   * The service's own feature modules as given to `serviceRootModule` (a function of the config when
   * they depend on it): what declares its HTTP routes, read without a config or a database by the
   * tool that writes the HTTP API's OpenAPI document (`tools/contract-documents`).
   */
  readonly features: ServiceRootOptions<Config>['features'];
}

/**
 * A service's root module (`AppModule`): the platform every service runs on (TypeORM on its database,
 * the outbox relay to NATS as `<name>-outbox`, access-token verification when the config has
 * `identityUrl`, `GET /health`, `GET /livez` and `GET /readyz` on the database and NATS, the database
 * and outbox metrics), then its own features; its config (under `configToken`) and values
 * are injectable everywhere.
 */
export function serviceRootModule<Config extends PlatformConfig>(
  name: string,
  options: ServiceRootOptions<Config>,
): ServiceRootModule<Config> {
  @Module({})
  class AppModule {
    static readonly features = options.features;

    static forRoot(config: Config): DynamicModule {
      const { natsUrl, identityUrl } = config;
      const provide = [
        { provide: options.configToken, useValue: config },
        ...(options.provide?.(config) ?? []),
      ];
      return {
        module: AppModule,
        global: true,
        imports: [
          TypeOrmModule.forRoot(serviceDataSourceOptions(options.database(config.databaseUrl))),
          OutboxRelayModule.forRoot({ natsUrl, name: `${name}-outbox` }),
          ...(identityUrl ? [AuthModule.forRoot({ jwksUrl: identityJwksUrl(identityUrl), natsUrl })] : []),
          ServiceHealthModule,
          ProbesModule,
          ...(typeof options.features === 'function' ? options.features(config) : options.features),
        ],
        providers: [...provide, ServiceProbes],
        exports: provide.map(({ provide: token }) => token),
      };
    }
  }
  return AppModule;
}
