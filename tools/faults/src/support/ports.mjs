// The ports this suite may use (loopback only), kept apart from npm start (8080, 31xx), the e2e stack
// (18080) and the benchmarks (181xx, 131xx). Cases run one at a time, so they share them.
export const ports = {
  gateway: 19080,
  identity: 19101,
  commerce: 19102,
  crm: 19103,
  support: 19104,
  kpi: 19105,
  nats: 19422,
  natsMonitor: 19822,
  postgres: 19432,
};

export const host = '127.0.0.1';
