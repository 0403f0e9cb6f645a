// Prefixed, coloured log lines so the output of every process of the stack can be told apart.
const colours = {
  runner: 36,
  postgres: 34,
  nats: 35,
  identity: 32,
  commerce: 92,
  crm: 95,
  support: 94,
  kpi: 96,
  mail: 91,
  gateway: 33,
  web: 37,
};

export function logger(name) {
  const colour = colours[name] ?? 37;
  const prefix = process.stdout.isTTY ? `\x1b[${colour}m[${name}]\x1b[0m` : `[${name}]`;
  return (line) => {
    for (const part of String(line).split('\n')) {
      if (part.trim() !== '') process.stdout.write(`${prefix} ${part}\n`);
    }
  };
}
