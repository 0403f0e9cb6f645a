const webPreset = require('../federation/jest/web-preset.cjs');

module.exports = { ...webPreset, displayName: 'leads' };
