// The routes of the internal HTTP API (`/api/*`) as Nest registers them: read from the metadata the
// controllers' decorators leave (PATH_METADATA, METHOD_METADATA, the route arguments that hold
// `@Body({ schema })` / `@Query({ schema })`), found by walking each service's feature modules and the
// gateway's own modules, then kept when the gateway's route table sends that path to that service.
// Nothing is listed by hand, so the document cannot describe a route the code does not serve.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { registerTypeScriptSources, workspaceRoot } from './typescript-sources.mjs';

/**
 * @typedef {object} HttpRoute
 * @property {string} service `identity`…`kpi`, or `gateway` for the gateway's own routes
 * @property {string} method lower-case HTTP method
 * @property {string} path OpenAPI form: `/api/support/tickets/{id}`
 * @property {string} operationId `<Controller>.<handler>`
 * @property {number} status the status of a success (`@HttpCode`, else 201 for POST and 200 otherwise)
 * @property {string[]} pathParameters names, in path order
 * @property {unknown} [bodySchema] the zod schema the body is validated with
 * @property {boolean} takesBody whether a handler argument is the body (with or without a schema)
 * @property {unknown} [querySchema] the zod schema the query string is validated with
 */

const require = createRequire(join(workspaceRoot, 'package.json'));

/** The services, in the gateway's route table's order. */
const serviceFolders = ['identity', 'commerce', 'crm', 'support', 'kpi'];

/** Nest's `RouteParamtypes` and `RequestMethod` numbers (stable since Nest 4). */
const paramTypes = { body: 3, query: 4, param: 5 };

/** Loads the workspace's TypeScript `file` (relative to the workspace root). */
function load(file) {
  registerTypeScriptSources();
  return require(join(workspaceRoot, file));
}

/** A config-free stand-in for a features function's argument: every property is another stand-in. */
const placeholder = /** @type {any} */ (
  new Proxy(function () {}, {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : key === 'then' ? undefined : placeholder),
  })
);

/** Every controller class reachable from `roots` through module imports (static and dynamic modules). */
function controllersOf(roots) {
  const { MODULE_METADATA } = require('@nestjs/common/constants.js');
  const seen = new Set();
  /** @type {Set<Function>} */
  const controllers = new Set();
  const visit = (entry) => {
    let module = entry;
    if (module && typeof module === 'object' && 'forwardRef' in module) module = module.forwardRef();
    if (!module || seen.has(module)) return;
    seen.add(module);
    const type = typeof module === 'function' ? module : module.module;
    const dynamic = typeof module === 'object' ? module : {};
    for (const controller of [
      ...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) ?? []),
      ...(dynamic.controllers ?? []),
    ])
      controllers.add(controller);
    for (const imported of [
      ...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) ?? []),
      ...(dynamic.imports ?? []),
    ]) {
      if (imported instanceof Promise)
        throw new Error(`${type.name} imports a module asynchronously: not readable here`);
      visit(imported);
    }
  };
  roots.forEach(visit);
  return controllers;
}

const asList = (value) => (Array.isArray(value) ? value : [value]);

/** A controller's method names, its parents' included (Nest's scanner walks the prototype chain too). */
function methodNames(controller) {
  const names = new Set();
  for (
    let prototype = controller.prototype;
    prototype && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype)
  ) {
    for (const name of Object.getOwnPropertyNames(prototype)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

/** `api/x` + `:id` → `/api/x/{id}` (Nest joins the controller's and the handler's paths so). */
function openApiPath(controllerPath, handlerPath) {
  const joined = `/${controllerPath}/${handlerPath}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The routes of `controllers`, as {@link HttpRoute}s of `service`. */
function routesOf(service, controllers) {
  const {
    PATH_METADATA,
    METHOD_METADATA,
    ROUTE_ARGS_METADATA,
    HTTP_CODE_METADATA,
  } = require('@nestjs/common/constants.js');
  const { RequestMethod } = require('@nestjs/common');
  const { ZodValidationPipe } = load('libs/nest-http/src/zod-validation.pipe.ts');
  /** The zod schema a route argument is validated with: `@Body({ schema })`, or `@Body(new ZodValidationPipe(schema))`. */
  const schemaOf = (arg) =>
    arg.schema ?? (arg.pipes ?? []).find((pipe) => pipe instanceof ZodValidationPipe)?.schema;
  /** @type {HttpRoute[]} */
  const routes = [];
  for (const controller of controllers) {
    const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
    for (const handlerName of methodNames(controller)) {
      const handler = controller.prototype[handlerName];
      if (typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) continue;
      const handlerPaths = Reflect.getMetadata(PATH_METADATA, handler);
      if (handlerPaths === undefined) continue;
      const method = String(RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler)]).toLowerCase();
      // Keys are `<RouteParamtypes>:<argument index>` (custom decorators' carry a suffix).
      const args = Object.entries(
        Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handlerName) ?? {},
      ).map(([key, arg]) => ({ ...arg, type: Number(key.split(':')[0]) }));
      const argsOf = (type) => args.filter((arg) => arg.type === type);
      const bodies = argsOf(paramTypes.body);
      const wholeBody = bodies.find((arg) => arg.data === undefined);
      const queries = argsOf(paramTypes.query).filter((arg) => arg.data === undefined);
      for (const controllerPath of controllerPaths) {
        for (const handlerPath of asList(handlerPaths)) {
          const path = openApiPath(controllerPath, handlerPath);
          routes.push({
            service,
            method,
            path,
            operationId: `${controller.name}.${handlerName}`,
            status: Reflect.getMetadata(HTTP_CODE_METADATA, handler) ?? (method === 'post' ? 201 : 200),
            pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
            bodySchema: wholeBody && schemaOf(wholeBody),
            takesBody: bodies.length > 0,
            querySchema: queries.map(schemaOf).find(Boolean),
          });
        }
      }
    }
  }
  return routes;
}

/** The gateway's config from its `.env.example`: what its modules are made of, nothing started. */
function gatewayExampleConfig() {
  const { loadConfig } = load('gateway/src/config/env.ts');
  return loadConfig(parseEnv(readFileSync(join(workspaceRoot, 'gateway/.env.example'), 'utf8')));
}

/** Which service the gateway sends `path` to: its route table's longest matching prefix. */
function serviceServing(path, table) {
  const concrete = path.replace(/\{[^}]+\}/g, 'x');
  const matches = table.filter(({ prefix }) => concrete === prefix || concrete.startsWith(`${prefix}/`));
  matches.sort((a, b) => b.prefix.length - a.prefix.length);
  return matches[0]?.service;
}

/**
 * Every route of the `/api` HTTP API served through the gateway, sorted by path then method: each
 * service's routes whose path the route table sends to that service, and the gateway's own `/api`
 * routes (the live streams). Service routes the gateway does not forward (probes, `/v1`, service to
 * service calls) are not part of it.
 * @returns {HttpRoute[]}
 */
export function httpApiRoutes() {
  load('node_modules/reflect-metadata/Reflect.js');
  const { routes: table } = load('gateway/src/routes/route-table.ts');
  /** @type {HttpRoute[]} */
  const routes = [];
  for (const service of serviceFolders) {
    const { AppModule } = load(`services/${service}/src/app.module.ts`);
    const features =
      typeof AppModule.features === 'function' ? AppModule.features(placeholder) : AppModule.features;
    for (const route of routesOf(service, controllersOf(features))) {
      if (serviceServing(route.path, table) === service) routes.push(route);
    }
  }
  const { AppModule: Gateway } = load('gateway/src/app.module.ts');
  for (const route of routesOf('gateway', controllersOf([Gateway.forRoot(gatewayExampleConfig())]))) {
    if (route.path === '/api' || route.path.startsWith('/api/')) routes.push(route);
  }
  const order = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  return routes.sort(
    (a, b) => a.path.localeCompare(b.path) || order.indexOf(a.method) - order.indexOf(b.method),
  );
}
