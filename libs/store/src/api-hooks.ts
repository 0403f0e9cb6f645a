import type { authApi } from './auth-api';
import { useApiModule } from './api-loader';

// RTK Query's hooks, reached through the lazily loaded api (components suspend on first use).

export const useLoginMutation: typeof authApi.useLoginMutation = (options) =>
  useApiModule().authApi.useLoginMutation(options);

export const useRegisterMutation: typeof authApi.useRegisterMutation = (options) =>
  useApiModule().authApi.useRegisterMutation(options);
