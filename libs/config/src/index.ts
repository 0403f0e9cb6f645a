export { EnvValidationError, loadEnv, parseEnv } from './parse-env';
export { envVars, internalPort, type LogLevel } from './env-vars';
export { trustedProxiesVar } from './trusted-proxies';
export {
  DEFAULT_TRUSTED_PROXIES,
  identityUrlEnv,
  serviceConfig,
  type ServiceConfig,
  serviceConfigLoader,
  type ServiceConfigLoader,
  serviceEnv,
} from './service-env';
