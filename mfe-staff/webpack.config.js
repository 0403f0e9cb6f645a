const { REMOTE_PORTS, createWebpackConfig } = require('@portal/federation');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      kind: 'remote',
      name: 'staff',
      dir: __dirname,
      port: REMOTE_PORTS.staff,
      title: 'Staff console section (standalone)',
      exposes: { './app': './src/app.tsx' },
    },
    argv,
  );
