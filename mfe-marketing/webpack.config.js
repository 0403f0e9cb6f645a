const { REMOTE_PORTS, createWebpackConfig } = require('@portal/federation');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      kind: 'remote',
      name: 'marketing',
      dir: __dirname,
      port: REMOTE_PORTS.marketing,
      title: 'Marketing section (standalone)',
      exposes: { './app': './src/app.tsx' },
    },
    argv,
  );
