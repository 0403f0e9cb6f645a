const webPreset = require('../libs/federation/jest/web-preset.cjs');

module.exports = { ...webPreset, displayName: 'mfe-marketing' };
