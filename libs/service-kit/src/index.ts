export { bootstrapService, type ServiceBootstrap } from './bootstrap-service';
export {
  type PlatformConfig,
  type ServiceRootModule,
  serviceRootModule,
  type ServiceRootOptions,
} from './service-module';
