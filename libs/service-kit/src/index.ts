export { bootstrapService, type ServiceBootstrap } from './bootstrap-service';
export { serviceModule, type ServiceModuleOptions } from './service-module';
