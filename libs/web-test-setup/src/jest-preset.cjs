// Jest settings of the web projects (shell, sections, ui, store, leads): the root preset in jsdom, with
// jest-dom matchers and stubs for the style and asset files webpack would handle.
const path = require('node:path');
const preset = require('../../../jest.preset.js');

module.exports = {
  ...preset,
  testEnvironment: path.join(__dirname, 'jsdom-environment.cjs'),
  setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.(css|woff2?|svg|webp|png|jpe?g)$': path.join(__dirname, 'file-stub.cjs'),
  },
};
