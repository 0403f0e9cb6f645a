const { SHELL_PORT, createWebpackConfig } = require('@portal/federation');

module.exports = (_env, argv) =>
  createWebpackConfig(
    {
      kind: 'host',
      name: 'shell',
      dir: __dirname,
      port: SHELL_PORT,
      title: 'Contact-center and AI-automation outsourcing | Millstone CX',
    },
    argv,
  );
