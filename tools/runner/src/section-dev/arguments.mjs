// `npm run dev -- --section <name> [--service <name>] [--port <n>] [--portal-url <url>]`: what the one-section dev loop is
// asked for. Pure, so that every message is tested without starting anything.

export const DEFAULT_FRONT_DOOR_PORT = 4300;
export const DEFAULT_PORTAL_URL = 'http://localhost:8080';

const knownFlags = ['--section', '--service', '--port', '--portal-url'];

/** Whether `npm run dev` was given `--section`: then it runs one section, not the whole stack. */
export function wantsOneSection(args) {
  return args.some((arg) => arg === '--section' || arg.startsWith('--section='));
}

/**
 * The value of `--name value` or `--name=value`: undefined when the flag is absent, '' when it has
 * no value (`--section` last, or followed by another flag).
 */
function flagValue(args, name) {
  const at = args.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
  if (at === -1) return undefined;
  const value = args[at] === name ? args[at + 1] : args[at].slice(name.length + 1);
  return value === undefined || value.startsWith('--') ? '' : value;
}

function parsePort(text, source) {
  const port = Number(text);
  if (text === '' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${source} must be a port number from 1 to 65535, not '${text}'`);
  }
  return port;
}

/** The portal's origin: the front door proxies whole paths, so a path in the URL would be misleading. */
function parsePortalUrl(text, source) {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new Error(`${source} must be an http(s) URL such as ${DEFAULT_PORTAL_URL}, not '${text}'`);
  }
  return new URL(text).origin;
}

/**
 * @param {string[]} args the command line after the script (`--section checkout --port 4300`)
 * @param {{ sections: readonly string[], services?: readonly string[],
 *   env?: Record<string, string | undefined> }} options
 * @returns {{ section: string, service?: string, frontDoorPort: number, portalUrl: string }}
 */
export function parseSectionDevArguments(args, { sections, services = [], env = process.env }) {
  const unknown = args.find((arg) => arg.startsWith('--') && !knownFlags.includes(arg.split('=')[0]));
  if (unknown) throw new Error(`Unknown option ${unknown}. Options: ${knownFlags.join(', ')}.`);

  const validNames = `Valid sections: ${sections.join(', ')}.`;
  const section = flagValue(args, '--section');
  if (!section) throw new Error(`--section needs a section name. ${validNames}`);
  if (!sections.includes(section)) throw new Error(`Unknown section '${section}'. ${validNames}`);

  const service = flagValue(args, '--service');
  if (service !== undefined && !services.includes(service)) {
    const valid = `Services the dev loop runs: ${services.join(', ')}`;
    throw new Error(
      service === ''
        ? `--service needs a service name. ${valid}.`
        : `'${service}' is not a service the dev loop runs. ${valid} (identity signs the portal's sign-ins, so it stays there).`,
    );
  }

  const port = flagValue(args, '--port');
  const portalUrl = flagValue(args, '--portal-url');
  return {
    section,
    ...(service && { service }),
    frontDoorPort:
      port !== undefined
        ? parsePort(port, '--port')
        : env.FRONT_DOOR_PORT
          ? parsePort(env.FRONT_DOOR_PORT, 'FRONT_DOOR_PORT')
          : DEFAULT_FRONT_DOOR_PORT,
    portalUrl:
      portalUrl !== undefined
        ? parsePortalUrl(portalUrl, '--portal-url')
        : parsePortalUrl(env.PORTAL_URL || DEFAULT_PORTAL_URL, 'PORTAL_URL'),
  };
}
