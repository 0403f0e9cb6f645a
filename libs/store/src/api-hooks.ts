import { lazyApi } from './api-loader';

// The identity calls that pages make themselves; the session's own calls are thunks (session.ts).
const identity = lazyApi((api) => api);

export const useLoginMutation = identity.hook('useLoginMutation');
export const useRegisterMutation = identity.hook('useRegisterMutation');
