// Shared Jest settings: TypeScript through swc, workspace libs resolved to their sources.
// Jest runs with --experimental-vm-modules (see each project's test script) so CommonJS code
// can require the ESM-only NestJS 12 packages, as Node 24 itself does.
const path = require('node:path');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2023',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
};

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swcOptions] },
  moduleNameMapper: {
    // maildev (the tests' mail catcher) exports only an `import` entry, which Jest's CommonJS resolver
    // does not see; its module is loaded as ESM all the same (--experimental-vm-modules).
    '^maildev$': path.join(__dirname, 'node_modules/maildev/dist/index.js'),
    '^@portal/(contracts|config|db|db-admin|events|testing|nest-http|service-kit|auth|ui|store|leads|help-center|federation|web-testing)$':
      path.join(__dirname, 'libs/$1/src/index.ts'),
  },
  testMatch: ['<rootDir>/src/**/*.(spec|test).ts?(x)'],
  testTimeout: 30000,
};
