const preset = require('../../jest.preset.js');

module.exports = { ...preset, displayName: 'help-center' };
