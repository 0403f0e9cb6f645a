// What changed between the committed contract documents and the ones the code writes now, and which
// of those changes break someone: a client of the HTTP API built against the committed document, or a
// consumer of an event (of either build, reading new events or the ones already in the stream).

/** @typedef {Record<string, any>} JsonSchema */
/**
 * Who reads what a schema describes, which decides whether a change breaks:
 * - `request`: the server reads what clients send; it breaks when it accepts less (narrowed).
 * - `response`: clients read what the server sends; it breaks when the server may send more or other.
 * - `event`: consumers of the old and of the new build read what producers of either send, and events
 *   already in the stream stay there: it breaks when it accepts less or may carry more or other.
 * @typedef {'request' | 'response' | 'event'} Role
 */

/**
 * @param {Role} role
 * @param {'narrows' | 'widens'} direction
 */
const breaks = (role, direction) =>
  role === 'event' || (role === 'request' ? direction === 'narrows' : direction === 'widens');

const show = (value) => JSON.stringify(value);

/** `#/$defs/x` against the `$defs` in scope. */
function resolved(schema, defs) {
  if (schema && typeof schema.$ref === 'string' && schema.$ref.startsWith('#/$defs/')) {
    return defs[schema.$ref.slice('#/$defs/'.length)] ?? schema;
  }
  return schema ?? {};
}

/** A schema as its alternatives: `anyOf`/`oneOf` branches, and one per type of a `type` list. */
function variants(schema, defs) {
  const own = resolved(schema, defs);
  const union = own.anyOf ?? own.oneOf;
  if (Array.isArray(union)) return union.flatMap((branch) => variants(branch, defs));
  if (Array.isArray(own.type)) return own.type.map((type) => ({ ...own, type }));
  return [own];
}

/** What matches a variant with its counterpart: its type, and for an object its discriminating constant. */
function variantKey(schema) {
  const type =
    schema.type ?? (schema.properties ? 'object' : schema.const !== undefined ? typeof schema.const : 'any');
  if (type === 'object') {
    const discriminator = Object.entries(schema.properties ?? {}).find(
      ([, property]) => property?.const !== undefined,
    );
    if (discriminator) return `object with ${discriminator[0]} ${show(discriminator[1].const)}`;
  }
  return schema.const !== undefined ? `${type} ${show(schema.const)}` : String(type);
}

/** Variants by key; several of one key (objects told apart by no constant) are numbered in order. */
function keyed(list) {
  const counts = new Map();
  return list.map((variant) => {
    const key = variantKey(variant);
    const seen = counts.get(key) ?? 0;
    counts.set(key, seen + 1);
    return /** @type {[string, JsonSchema]} */ ([seen === 0 ? key : `${key} #${seen + 1}`, variant]);
  });
}

/** `{}` (or one with only a description, a default…): any value. */
const acceptsAnything = (schema) => variantKey(schema) === 'any' && schema.enum === undefined;

const lower = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const upper = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];

/**
 * The breaking changes from `before` to `after` of a schema read as `role`, each in plain words.
 * @param {JsonSchema} before
 * @param {JsonSchema} after
 * @param {{ role: Role, path: string, defs?: { before: JsonSchema, after: JsonSchema } }} options
 * @returns {string[]}
 */
export function schemaBreakingChanges(before, after, { role, path, defs = { before: {}, after: {} } }) {
  /** @type {string[]} */
  const found = [];
  const scope = {
    before: { ...defs.before, ...(before?.$defs ?? {}) },
    after: { ...defs.after, ...(after?.$defs ?? {}) },
  };
  const where = path === '' ? 'the value' : path;
  const note = (direction, text) => {
    if (breaks(role, direction)) found.push(text);
  };
  const oldVariants = variants(before, scope.before);
  const newVariants = variants(after, scope.after);
  const anyOld = oldVariants.some(acceptsAnything);
  const anyNew = newVariants.some(acceptsAnything);
  if (anyOld && anyNew) return found;
  if (anyOld !== anyNew) {
    note(
      anyOld ? 'narrows' : 'widens',
      `${where}: was ${anyOld ? 'any value, now restricted' : 'restricted, now any value'}`,
    );
    return found;
  }
  const newByKey = new Map(keyed(newVariants));
  const oldByKey = new Map(keyed(oldVariants));
  for (const [key, variant] of oldByKey) {
    const counterpart = newByKey.get(key);
    if (!counterpart) {
      note('narrows', `${where}: narrowed, ${key} no longer accepted`);
      continue;
    }
    found.push(...compareVariant(variant, counterpart, role, path, scope));
  }
  for (const key of newByKey.keys()) {
    if (!oldByKey.has(key)) note('widens', `${where}: widened, may now be ${key}`);
  }
  return [...new Set(found)];
}

/** Two variants of the same kind (and constant): enums, bounds, formats, then properties or items. */
function compareVariant(before, after, role, path, defs) {
  /** @type {string[]} */
  const found = [];
  const where = path === '' ? 'the value' : path;
  const note = (direction, text) => {
    if (breaks(role, direction)) found.push(text);
  };
  if (Array.isArray(before.enum) || Array.isArray(after.enum)) {
    const was = new Set((before.enum ?? []).map(show));
    const now = new Set((after.enum ?? []).map(show));
    if (!Array.isArray(after.enum)) note('widens', `${where}: no longer limited to ${[...was].join(', ')}`);
    else if (!Array.isArray(before.enum)) note('narrows', `${where}: now limited to ${[...now].join(', ')}`);
    else {
      for (const value of was) if (!now.has(value)) note('narrows', `${where}: enum value ${value} removed`);
      for (const value of now) if (!was.has(value)) note('widens', `${where}: enum value ${value} added`);
    }
  }
  for (const bound of lower) {
    if (before[bound] === after[bound]) continue;
    if (after[bound] !== undefined && (before[bound] === undefined || after[bound] > before[bound]))
      note('narrows', `${where}: ${bound} ${before[bound] ?? 'none'} → ${after[bound]}`);
    else note('widens', `${where}: ${bound} ${before[bound]} → ${after[bound] ?? 'none'}`);
  }
  for (const bound of upper) {
    if (before[bound] === after[bound]) continue;
    if (after[bound] !== undefined && (before[bound] === undefined || after[bound] < before[bound]))
      note('narrows', `${where}: ${bound} ${before[bound] ?? 'none'} → ${after[bound]}`);
    else note('widens', `${where}: ${bound} ${before[bound]} → ${after[bound] ?? 'none'}`);
  }
  for (const rule of ['format', 'pattern']) {
    if (before[rule] === after[rule]) continue;
    if (after[rule] !== undefined)
      note('narrows', `${where}: ${rule} ${show(before[rule] ?? null)} → ${show(after[rule])}`);
    if (before[rule] !== undefined)
      note('widens', `${where}: ${rule} ${show(before[rule])} → ${show(after[rule] ?? null)}`);
  }
  const field = (name) => (path === '' ? name : `${path}.${name}`);
  if (before.properties || after.properties) {
    const was = before.properties ?? {};
    const now = after.properties ?? {};
    const wasRequired = new Set(before.required ?? []);
    const nowRequired = new Set(after.required ?? []);
    const closed = after.additionalProperties === false;
    for (const name of Object.keys(was)) {
      if (!(name in now)) {
        // A client may still send it: refused only where unknown fields are.
        if (role !== 'request' || closed) found.push(`field ${field(name)} removed`);
        continue;
      }
      if (!wasRequired.has(name) && nowRequired.has(name)) {
        if (role === 'request') found.push(`request field ${field(name)} newly required`);
        else if (role === 'event')
          found.push(`field ${field(name)} became required (events already sent may lack it)`);
      }
      if (wasRequired.has(name) && !nowRequired.has(name))
        note('widens', `field ${field(name)} became optional`);
      found.push(...schemaBreakingChanges(was[name], now[name], { role, path: field(name), defs }));
    }
    for (const name of Object.keys(now)) {
      if (name in was || !nowRequired.has(name)) continue;
      if (role === 'request') found.push(`request field ${field(name)} added as required`);
      else if (role === 'event')
        found.push(`field ${field(name)} added as required (events already sent lack it)`);
    }
  }
  if (before.additionalProperties !== false && after.additionalProperties === false && role === 'request')
    found.push(`${where}: unknown fields now refused`);
  if (before.items || after.items) {
    found.push(
      ...schemaBreakingChanges(before.items ?? {}, after.items ?? {}, { role, path: `${path}[]`, defs }),
    );
  }
  return found;
}

const majorOf = (version) => Number(String(version).split('.')[0]);

/** The message of each channel: subject → { type, version, payload }. */
function channelMessages(document) {
  /** @type {Map<string, { type: string, version: number, payload: JsonSchema }>} */
  const channels = new Map();
  for (const channel of Object.values(document.channels ?? {})) {
    for (const reference of Object.values(channel.messages ?? {})) {
      const id = String(reference.$ref).split('/').pop() ?? '';
      const message = document.components?.messages?.[id];
      if (!message) continue;
      const payload = message.payload ?? {};
      channels.set(channel.address, {
        type: payload.properties?.type?.const ?? message.name,
        version: payload.properties?.version?.const,
        payload,
      });
    }
  }
  return channels;
}

/**
 * The breaking changes between two AsyncAPI documents of the events, and which of them a version bump
 * allows: the event's own `version` (its new version is a new message, not compared with the old one),
 * or the document's major version.
 * @param {any} before the committed document
 * @param {any} after the document the code writes
 * @returns {{ breaking: string[], allowed: string[] }}
 */
export function eventBreakingChanges(before, after) {
  const was = channelMessages(before);
  const now = channelMessages(after);
  const byType = new Map([...now].map(([subject, message]) => [message.type, { subject, ...message }]));
  /** @type {string[]} */
  const changes = [];
  /** @type {string[]} */
  const allowed = [];
  for (const [subject, old] of was) {
    const label = `${subject} v${old.version}`;
    const current = now.get(subject);
    if (!current || current.type !== old.type) {
      const moved = byType.get(old.type);
      if (moved && moved.version > old.version) {
        allowed.push(
          `${old.type}: subject ${subject} → ${moved.subject} with version ${old.version} → ${moved.version}`,
        );
      } else if (moved) {
        changes.push(
          `${label}: subject renamed to ${moved.subject} (${old.type} stays version ${old.version})`,
        );
      } else {
        changes.push(`${label}: subject removed (${old.type} is no longer in the catalog)`);
      }
      continue;
    }
    if (current.version > old.version) {
      allowed.push(`${old.type}: version ${old.version} → ${current.version}, a new message`);
      continue;
    }
    if (current.version < old.version) {
      changes.push(`${label}: version went down to ${current.version}`);
      continue;
    }
    for (const change of schemaBreakingChanges(old.payload, current.payload, { role: 'event', path: '' }))
      changes.push(`${label}: ${change}`);
  }
  if (majorOf(after.info?.version) > majorOf(before.info?.version)) {
    return {
      breaking: [],
      allowed: [...allowed, ...changes.map((change) => `${change} (events document ${after.info.version})`)],
    };
  }
  return { breaking: changes, allowed };
}

const normalPath = (path) => path.replace(/\{[^}]+\}/g, '{}');

/** The operations of an OpenAPI document: `METHOD /path` (parameter names blanked) → operation and path. */
function operations(document) {
  /** @type {Map<string, { label: string, operation: any }>} */
  const found = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      found.set(`${method} ${normalPath(path)}`, { label: `${method.toUpperCase()} ${path}`, operation });
    }
  }
  return found;
}

const successOf = (operation) => Object.keys(operation.responses ?? {}).find((code) => /^2\d\d$/.test(code));
const jsonBody = (content) => content?.['application/json']?.schema;

/**
 * The breaking changes between two OpenAPI documents of the HTTP API: a removed operation, a changed
 * success status, a request narrowed (a field or query parameter newly required, a type or enum
 * narrowed), an answer widened or a field of it removed. All of them are allowed by a major bump of
 * `info.version`.
 * @param {any} before the committed document
 * @param {any} after the document the code writes
 * @returns {{ breaking: string[], allowed: string[] }}
 */
export function httpBreakingChanges(before, after) {
  const now = operations(after);
  /** @type {string[]} */
  const changes = [];
  for (const [key, { label, operation: old }] of operations(before)) {
    const current = now.get(key)?.operation;
    if (!current) {
      changes.push(`${label}: operation removed`);
      continue;
    }
    const oldSuccess = successOf(old);
    const newSuccess = successOf(current);
    if (oldSuccess !== newSuccess) changes.push(`${label}: answers ${newSuccess} instead of ${oldSuccess}`);
    const query = (operation) =>
      new Map((operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]));
    const oldQuery = query(old);
    const newQuery = query(current);
    for (const [name, parameter] of newQuery) {
      const previous = oldQuery.get(name);
      if (parameter.required && !previous)
        changes.push(`${label}: query parameter ${name} added as required`);
      else if (parameter.required && !previous.required)
        changes.push(`${label}: query parameter ${name} newly required`);
      if (previous) {
        for (const change of schemaBreakingChanges(previous.schema ?? {}, parameter.schema ?? {}, {
          role: 'request',
          path: `query ${name}`,
        }))
          changes.push(`${label}: ${change}`);
      }
    }
    for (const name of oldQuery.keys())
      if (!newQuery.has(name)) changes.push(`${label}: query parameter ${name} removed`);
    const oldBody = jsonBody(old.requestBody?.content);
    const newBody = jsonBody(current.requestBody?.content);
    if (newBody && !old.requestBody && current.requestBody?.required)
      changes.push(`${label}: request body newly required`);
    if (oldBody && newBody) {
      for (const change of schemaBreakingChanges(oldBody, newBody, { role: 'request', path: 'body' }))
        changes.push(`${label}: ${change}`);
    }
    const oldAnswer = oldSuccess && jsonBody(old.responses[oldSuccess]?.content);
    const newAnswer = newSuccess && jsonBody(current.responses[newSuccess]?.content);
    if (oldAnswer && newAnswer) {
      for (const change of schemaBreakingChanges(oldAnswer, newAnswer, { role: 'response', path: 'answer' }))
        changes.push(`${label}: ${change}`);
    }
  }
  if (majorOf(after.info?.version) > majorOf(before.info?.version)) {
    return { breaking: [], allowed: changes.map((change) => `${change} (HTTP API ${after.info.version})`) };
  }
  return { breaking: changes, allowed: [] };
}
