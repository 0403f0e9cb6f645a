// Static checks of docker-compose.yml, the Dockerfiles and .dockerignore, for machines without a Docker
// engine or the compose plugin (`docker compose config` needs the plugin). Run from anywhere:
//   node deploy/scripts/check-deploy.mjs
// It resolves ${VAR:-default} like compose, checks every key against the Compose Specification's
// names for the parts this file uses, and checks what ties the files together: depends_on targets
// and their healthchecks, volumes, build contexts, build args against ARGs, COPY sources against
// the build context (after .dockerignore), JSON-form commands, stage references, non-root users.
// Prints one line per finding and exits 1 when there is an error.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');
// js-yaml comes with ESLint, a root devDependency.
const yaml = createRequire(path.join(repo, 'package.json'))('js-yaml');

const errors = [];
const notes = [];
const error = (message) => errors.push(message);
const note = (message) => notes.push(message);

// ---- compose: interpolation ------------------------------------------------------------------
const variable = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

function interpolate(value, where) {
  if (typeof value === 'string') {
    const stray = value.replace(variable, '').includes('$');
    if (stray)
      error(`${where}: "${value}" has a "$" that is not a valid compose variable (write $$ for a literal $)`);
    return value.replace(variable, (match, name, op, arg, bare) => {
      if (match === '$$') return '$';
      const current = process.env[name ?? bare];
      if (!op) return current ?? '';
      const unset = op.startsWith(':') ? !current : current === undefined;
      if (op.endsWith('-')) return unset ? arg : current;
      if (op.endsWith('+')) return unset ? '' : arg;
      if (unset) error(`${where}: ${name} is required (${arg})`);
      return current ?? '';
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => interpolate(item, `${where}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, `${where}.${key}`)]),
    );
  }
  return value;
}

// ---- compose: keys and types (names from the Compose Specification's JSON schema) ----------------
const serviceKeys = `develop deploy annotations attach build blkio_config cap_add cap_drop cgroup cgroup_parent
  command configs container_name cpu_count cpu_percent cpu_shares cpu_quota cpu_period cpu_rt_period
  cpu_rt_runtime cpus cpuset credential_spec depends_on device_cgroup_rules devices dns dns_opt dns_search
  domainname entrypoint env_file label_file environment expose extends provider external_links extra_hosts
  gpus group_add healthcheck hostname image init ipc isolation labels links logging mac_address mem_limit
  mem_reservation mem_swappiness memswap_limit network_mode models networks oom_kill_disable oom_score_adj
  pid pids_limit platform ports post_start pre_stop privileged profiles pull_policy pull_refresh_after
  read_only restart runtime scale security_opt shm_size secrets sysctls stdin_open stop_grace_period
  stop_signal storage_opt tmpfs tty ulimits use_api_socket user uts userns_mode volumes volumes_from
  working_dir`;
const shapes = {
  top: 'version name include services models networks volumes secrets configs',
  build: `context dockerfile dockerfile_inline entitlements args ssh labels cache_from cache_to no_cache
    additional_contexts network provenance sbom pull target shm_size extra_hosts isolation privileged secrets
    tags ulimits platforms`,
  healthcheck: 'disable interval retries test timeout start_period start_interval',
  deploy:
    'mode endpoint_mode replicas labels rollback_config update_config resources restart_policy placement',
  resources: 'limits reservations',
  limits: 'cpus memory pids',
  logging: 'driver options',
  dependency: 'restart required condition',
  volume: 'name driver driver_opts external labels',
};
const allowed = Object.fromEntries(
  Object.entries({ ...shapes, service: serviceKeys }).map(([shape, keys]) => [
    shape,
    new Set(keys.split(/\s+/)),
  ]),
);

function checkKeys(object, shape, where) {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    error(`${where}: must be a mapping`);
    return;
  }
  for (const key of Object.keys(object)) {
    if (!key.startsWith('x-') && !allowed[shape].has(key)) error(`${where}: unknown key "${key}"`);
  }
}

const duration = /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/;
const restartPolicies = /^(no|always|unless-stopped|on-failure(:\d+)?)$/;
const conditions = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);

// ---- Dockerfiles ------------------------------------------------------------------------------
function readDockerfile(file) {
  const text = readFileSync(file, 'utf8');
  const instructions = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    if (!pending) startLine = index + 1;
    pending += `${line.replace(/\\$/, '')} `;
    if (!line.endsWith('\\')) {
      const [keyword, ...rest] = pending.trim().split(/\s+/);
      instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: startLine });
      pending = '';
    }
  });
  return { text, instructions };
}

const dockerignore = readFileSync(path.join(repo, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const negate = line.startsWith('!');
    const pattern = path.posix.normalize(negate ? line.slice(1) : line).replace(/^\/+/, '');
    const source = pattern
      .split('/')
      .map((part) =>
        part === '**'
          ? '.*'
          : part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
      )
      .join('/')
      .replace(/\.\*\//g, '(?:.*/)?');
    // A pattern that names a folder excludes everything below it too.
    return { negate, regex: new RegExp(`^${source}(?:/.*)?$`) };
  });

/** Whether .dockerignore keeps `relative` (a path from the repository root) out of the build context. */
function ignored(relative) {
  let result = false;
  for (const rule of dockerignore) if (rule.regex.test(relative)) result = !rule.negate;
  return result;
}

function checkDockerfile(file, buildArgs, where) {
  const { text, instructions } = readDockerfile(file);
  const name = path.relative(repo, file);
  if (!/^# syntax=docker\/dockerfile:1/m.test(text))
    error(`${name}: no "# syntax=docker/dockerfile:1" line (RUN --mount needs it)`);
  const globalArgs = new Set();
  const stageArgs = new Set();
  const stages = [];
  let user = 'root';
  let healthcheck = false;
  let exposed = false;
  let fromSeen = false;
  for (const { keyword, args, line } of instructions) {
    const at = `${name}:${line}`;
    if (keyword === 'ARG') {
      const argName = args.split('=')[0];
      (fromSeen ? stageArgs : globalArgs).add(argName);
    } else if (keyword === 'FROM') {
      fromSeen = true;
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!match) error(`${at}: FROM "${args}" not understood`);
      const image = match?.[1] ?? '';
      for (const [, used] of image.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g)) {
        if (!globalArgs.has(used))
          error(`${at}: FROM uses ${used}, which no ARG before the first FROM declares`);
      }
      if (!image.includes('$') && !stages.includes(image) && !/:[\w.-]+$|@sha256:/.test(image)) {
        error(`${at}: image "${image}" has no tag`);
      }
      if (match?.[2]) {
        if (stages.includes(match[2])) error(`${at}: stage "${match[2]}" defined twice`);
        stages.push(match[2]);
      }
      stageArgs.clear();
      user = stages.includes(image) ? user : 'root';
      healthcheck = false;
      exposed = false;
    } else if (keyword === 'COPY' || keyword === 'ADD') {
      const parts = args.split(/\s+/);
      const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
      const operands = parts.filter((part) => !part.startsWith('--'));
      if (from) {
        if (!stages.includes(from)) error(`${at}: --from=${from} is not an earlier stage`);
        continue;
      }
      for (const source of operands.slice(0, -1)) {
        const relative = path.posix.normalize(source).replace(/^\.\/?/, '');
        if (relative === '' || relative === '.') continue;
        if (!existsSync(path.join(repo, relative))) error(`${at}: COPY source ${source} does not exist`);
        else if (ignored(relative)) error(`${at}: COPY source ${source} is excluded by .dockerignore`);
      }
    } else if (keyword === 'CMD' || keyword === 'ENTRYPOINT' || keyword === 'HEALTHCHECK') {
      const json = keyword === 'HEALTHCHECK' ? args.replace(/^(--\S+\s+)*CMD\s+/, '') : args;
      if (keyword === 'HEALTHCHECK') healthcheck = true;
      try {
        const parsed = JSON.parse(json);
        if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) throw new Error();
      } catch {
        error(`${at}: ${keyword} is not a JSON array of strings (exec form)`);
      }
    } else if (keyword === 'USER') {
      user = args;
    } else if (keyword === 'EXPOSE') {
      exposed = true;
    }
    if (keyword !== 'ARG') {
      for (const [, used] of args.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)) {
        const known = stageArgs.has(used) || /^(PORT|SERVICE|REMOTES|STATIC_ROOT|NODE_ENV)$/.test(used);
        if (keyword !== 'RUN' && keyword !== 'FROM' && !known)
          note(`${at}: \${${used}} is not an ARG of this stage`);
      }
    }
  }
  for (const arg of Object.keys(buildArgs ?? {})) {
    if (!globalArgs.has(arg) && !new RegExp(`^ARG ${arg}(=|$)`, 'm').test(text)) {
      error(`${where}: build arg ${arg} is not an ARG of ${name}`);
    }
  }
  if (user === 'root' || user === '0') error(`${name}: the final stage runs as root`);
  if (!healthcheck) error(`${name}: the final stage has no HEALTHCHECK`);
  if (!exposed) error(`${name}: the final stage has no EXPOSE`);
  return { healthcheck };
}

// ---- compose: the model -----------------------------------------------------------------------
const composeFile = path.join(repo, 'docker-compose.yml');
let compose;
try {
  compose = interpolate(yaml.load(readFileSync(composeFile, 'utf8')), 'compose');
} catch (problem) {
  error(`docker-compose.yml: ${problem.message}`);
}

if (compose) {
  checkKeys(compose, 'top', 'docker-compose.yml');
  const services = compose.services ?? {};
  const volumes = compose.volumes ?? {};
  const healthy = new Map();
  for (const [name, service] of Object.entries(services)) {
    const where = `services.${name}`;
    checkKeys(service, 'service', where);
    if (!service.image && !service.build) error(`${where}: neither image nor build`);
    if (service.image && !/:[\w.-]+$|@sha256:/.test(service.image))
      error(`${where}: image "${service.image}" has no tag`);
    if (service.restart && !restartPolicies.test(service.restart))
      error(`${where}: restart "${service.restart}" is not a policy`);
    let dockerHealthcheck = false;
    if (service.build) {
      checkKeys(service.build, 'build', `${where}.build`);
      const context = path.resolve(repo, service.build.context ?? '.');
      const dockerfile = path.resolve(context, service.build.dockerfile ?? 'Dockerfile');
      if (!existsSync(context)) error(`${where}.build.context ${context} does not exist`);
      if (!existsSync(dockerfile)) error(`${where}.build.dockerfile ${dockerfile} does not exist`);
      else
        dockerHealthcheck = checkDockerfile(
          dockerfile,
          service.build.args,
          `${where}.build.args`,
        ).healthcheck;
    }
    if (service.healthcheck) {
      checkKeys(service.healthcheck, 'healthcheck', `${where}.healthcheck`);
      for (const key of ['interval', 'timeout', 'start_period', 'start_interval']) {
        const value = service.healthcheck[key];
        if (value !== undefined && !duration.test(value))
          error(`${where}.healthcheck.${key}: "${value}" is not a duration`);
      }
      const test = service.healthcheck.test;
      if (
        !service.healthcheck.disable &&
        (!Array.isArray(test) || !['CMD', 'CMD-SHELL', 'NONE'].includes(test[0]))
      ) {
        error(`${where}.healthcheck.test must be a list starting with CMD, CMD-SHELL or NONE`);
      }
    }
    healthy.set(name, service.healthcheck ? !service.healthcheck.disable : dockerHealthcheck);
    if (service.deploy) {
      checkKeys(service.deploy, 'deploy', `${where}.deploy`);
      if (service.deploy.resources) {
        checkKeys(service.deploy.resources, 'resources', `${where}.deploy.resources`);
        const limits = service.deploy.resources.limits;
        if (limits) {
          checkKeys(limits, 'limits', `${where}.deploy.resources.limits`);
          if (limits.memory !== undefined && typeof limits.memory !== 'string')
            error(`${where}: memory limit must be a string`);
        }
      }
    }
    if (service.logging) checkKeys(service.logging, 'logging', `${where}.logging`);
    for (const [index, mount] of (service.volumes ?? []).entries()) {
      if (typeof mount !== 'string') continue;
      const [source, target] = mount.split(':');
      if (!target?.startsWith('/')) error(`${where}.volumes[${index}]: "${mount}" has no absolute target`);
      if (/^[./~]/.test(source)) {
        if (!existsSync(path.resolve(repo, source)))
          error(`${where}.volumes[${index}]: ${source} does not exist`);
      } else if (!(source in volumes)) {
        error(`${where}.volumes[${index}]: volume "${source}" is not declared under volumes`);
      }
    }
    for (const port of service.ports ?? []) {
      if (!/^(\d+(\.\d+){3}:)?(\d+:)?\d+(\/(tcp|udp))?$/.test(String(port)))
        error(`${where}.ports: "${port}" not understood`);
    }
    const environment = service.environment ?? {};
    if (Array.isArray(environment)) error(`${where}.environment: use a mapping`);
    for (const [key, value] of Object.entries(environment)) {
      if (value !== null && typeof value === 'object') error(`${where}.environment.${key}: must be a scalar`);
      if (/_URL$/.test(key) && value) {
        try {
          new URL(value);
        } catch {
          error(`${where}.environment.${key}: "${value}" is not a URL`);
        }
      }
    }
  }
  for (const [name, service] of Object.entries(services)) {
    const dependsOn = service.depends_on ?? {};
    for (const [target, rule] of Object.entries(Array.isArray(dependsOn) ? {} : dependsOn)) {
      const where = `services.${name}.depends_on.${target}`;
      checkKeys(rule, 'dependency', where);
      if (!(target in services)) error(`${where}: no such service`);
      if (!conditions.has(rule.condition))
        error(`${where}: condition "${rule.condition}" is not one of ${[...conditions]}`);
      if (rule.condition === 'service_healthy' && !healthy.get(target))
        error(`${where}: ${target} has no healthcheck`);
      if (
        rule.condition === 'service_completed_successfully' &&
        /^(always|unless-stopped)$/.test(services[target]?.restart)
      ) {
        error(`${where}: ${target} is waited on to finish but restarts "${services[target].restart}"`);
      }
    }
    // The URLs of other services must name services of this file.
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      if (!/_URL$/.test(key) || !value) continue;
      const host = new URL(value).hostname;
      if (!(host in services)) error(`services.${name}.environment.${key}: host "${host}" is not a service`);
      else if (!(host in (service.depends_on ?? {})))
        note(`services.${name}: uses ${host} (${key}) without depends_on`);
    }
  }
  for (const [name, volume] of Object.entries(volumes)) {
    if (volume !== null) checkKeys(volume, 'volume', `volumes.${name}`);
  }
  const published = Object.entries(services).flatMap(([name, service]) =>
    (service.ports ?? []).map((port) => `${name} ${port}`),
  );
  console.log(
    `compose: project "${compose.name}", services ${Object.keys(services).join(', ')}; published: ${published.join(', ') || 'none'}`,
  );
}

// ---- build context ----------------------------------------------------------------------------
for (const excluded of ['node_modules', '.git', '.data', 'gateway/dist', '.nx']) {
  if (!ignored(excluded)) error(`.dockerignore: ${excluded} would be sent to the builder`);
}
const workspaces = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).workspaces ?? [];
const manifests = ['package.json', 'package-lock.json'];
for (const pattern of workspaces) {
  const [base, star] = pattern.split('/*');
  const dirs =
    star === undefined ? [base] : readdirSync(path.join(repo, base)).map((entry) => `${base}/${entry}`);
  for (const dir of dirs) {
    if (existsSync(path.join(repo, dir, 'package.json')) && statSync(path.join(repo, dir)).isDirectory()) {
      manifests.push(`${dir}/package.json`);
    }
  }
}
for (const manifest of manifests)
  if (ignored(manifest)) error(`.dockerignore: excludes ${manifest}, which npm ci needs`);
console.log(
  `context: ${manifests.length} manifests reach npm ci; node_modules, dist, .data, .nx, .git stay out`,
);

for (const line of notes) console.log(`note: ${line}`);
for (const line of errors) console.error(`error: ${line}`);
console.log(errors.length === 0 ? 'check-deploy: OK' : `check-deploy: ${errors.length} error(s)`);
process.exit(errors.length === 0 ? 0 : 1);
