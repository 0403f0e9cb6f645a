export { bootstrapService, type ServiceBootstrap } from './bootstrap-service';
export { type PlatformConfig, serviceModule, type ServiceModuleOptions } from './service-module';
