const webPreset = require('@portal/web-test-setup');

module.exports = { ...webPreset, displayName: 'mfe-staff' };
