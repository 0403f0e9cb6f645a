let lastAddress = 0;

/**
 * An `x-forwarded-for` header with an address no earlier call of this test file used, so a
 * per-address limit only bites in the tests that mean to reach it.
 */
export const fromNewClientAddress = (): { 'x-forwarded-for': string } => ({
  'x-forwarded-for': `198.51.100.${++lastAddress}`,
});
