import type { DynamicModule, ModuleMetadata, Type, ValueProvider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, identityJwksUrl } from '@portal/auth';
import { type DataSourceConfig, serviceDataSourceOptions } from '@portal/db';
import { OutboxRelayModule, ServiceHealthModule } from '@portal/events';

export interface ServiceModuleOptions {
  /** The service's name: its outbox relay connects to NATS as `<name>-outbox`. */
  name: string;
  /** The service's own database (its entities and migrations). */
  database: DataSourceConfig;
  /** Unset: no relay runs; events wait in the outbox and sign-outs are known only in this process. */
  natsUrl?: string;
  /**
   * identity's base URL, whose JWKS verifies access tokens (`AuthModule`). identity itself leaves it
   * out: it verifies the tokens it signs with its own keys.
   */
  identityUrl?: string;
  /** The service's feature modules. */
  features: NonNullable<ModuleMetadata['imports']>;
  /** Values any feature may inject, e.g. the service's config under its token: provided and exported globally. */
  provide?: ValueProvider[];
}

/**
 * A service's root module: the platform every service runs on (TypeORM on its database, the outbox
 * relay, access-token verification, `GET /health`) and then its own features and values.
 * `AppModule.forRoot(config)` returns `serviceModule(AppModule, { … })`.
 */
export function serviceModule(root: Type<unknown>, options: ServiceModuleOptions): DynamicModule {
  const { natsUrl, identityUrl } = options;
  const provide = options.provide ?? [];
  return {
    module: root,
    global: true,
    imports: [
      TypeOrmModule.forRoot(serviceDataSourceOptions(options.database)),
      OutboxRelayModule.forRoot({ natsUrl, name: `${options.name}-outbox` }),
      ...(identityUrl ? [AuthModule.forRoot({ jwksUrl: identityJwksUrl(identityUrl), natsUrl })] : []),
      ServiceHealthModule,
      ...options.features,
    ],
    providers: provide,
    exports: provide.map(({ provide: token }) => token),
  };
}
