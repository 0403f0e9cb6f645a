const webPreset = require('@portal/web-testing/jest-preset');

module.exports = { ...webPreset, displayName: 'mfe-dashboard' };
