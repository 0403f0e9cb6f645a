const { REMOTE_PORTS, createWebpackConfig } = require('@portal/federation');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      kind: 'remote',
      name: 'dashboard',
      dir: __dirname,
      port: REMOTE_PORTS.dashboard,
      title: 'Dashboard section (standalone)',
      exposes: { './app': './src/app.tsx' },
      // One lazy page with every tab in it.
      loadsAllPagesAtOnce: true,
    },
    argv,
  );
