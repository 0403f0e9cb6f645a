const { REMOTE_PORTS, createWebpackConfig } = require('@portal/federation');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      kind: 'remote',
      name: 'checkout',
      dir: __dirname,
      port: REMOTE_PORTS.checkout,
      title: 'Checkout section (standalone)',
      exposes: { './app': './src/app.tsx', './cart': './src/cart/CartModal.tsx' },
    },
    argv,
  );
