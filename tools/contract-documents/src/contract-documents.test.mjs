import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import {
  checkContractDocuments,
  committedContractDocuments,
  generateContractDocuments,
  loadContracts,
} from './contract-documents.mjs';
import { httpApiDocument } from './http-api-document.mjs';

const contracts = loadContracts();
const generated = generateContractDocuments();

describe('the committed contract documents', () => {
  it('are what the code writes (else: the breaking changes, or `npm run contracts`)', () => {
    const check = checkContractDocuments(committedContractDocuments(), generated);
    assert.ok(check.ok, check.message);
  });

  it('describe every /api route the gateway forwards, with the body schema it validates with', () => {
    const { paths, info } = generated.openapi;
    assert.equal(info.version, contracts.contractVersions.httpApi);
    assert.ok(Object.keys(paths).length > 100);
    assert.ok(Object.keys(paths).every((path) => path.startsWith('/api/')));
    const create = paths['/api/support/tickets'].post;
    assert.deepEqual(create.requestBody.content['application/json'].schema.required, [
      'title',
      'description',
    ]);
    assert.deepEqual(Object.keys(create.responses), ['201', 'default']);
    assert.deepEqual(
      paths['/api/support/tickets/{id}/messages'].post.parameters.map((p) => `${p.in} ${p.name}`),
      ['path id'],
    );
    // Not forwarded by the gateway: probes, /v1, service-to-service routes.
    assert.equal(paths['/health'], undefined);
    assert.equal(paths['/v1/tickets'], undefined);
  });

  it('give each subject of the catalog a channel whose message carries the version as a constant', () => {
    const { channels, components, info } = generated.asyncapi;
    assert.equal(info.version, contracts.contractVersions.events);
    assert.equal(Object.keys(channels).length, Object.keys(contracts.events).length);
    const message = components.messages['ticket.created.v1'];
    assert.deepEqual(channels['portal.tickets.created'].messages, {
      'ticket.created.v1': { $ref: '#/components/messages/ticket.created.v1' },
    });
    assert.deepEqual(message.payload.properties.version, { type: 'number', const: 1 });
    assert.deepEqual(message.payload.properties.type, { type: 'string', const: 'ticket.created' });
    assert.ok(message.payload.properties.data.required.includes('priority'));
  });
});

/** The events document of the catalog with `ticketCreated` changed by `change`. */
function eventsWith(change, version = contracts.contractVersions.events) {
  const { events } = contracts;
  return contracts.eventsAsyncApiDocument(
    { ...events, ticketCreated: { ...events.ticketCreated, ...change } },
    version,
  );
}

/** The check of `asyncapi` against the committed state of the catalog (the HTTP document unchanged). */
const checkEvents = (asyncapi) => checkContractDocuments(generated, { openapi: generated.openapi, asyncapi });

const ticketData = contracts.ticketCreatedDataSchema;

/** The catalog without `ticketCreated`. */
const withoutTicketCreated = () =>
  Object.fromEntries(Object.entries(contracts.events).filter(([name]) => name !== 'ticketCreated'));

describe('the contract check on events', () => {
  it('fails on a removed field, naming it', () => {
    const check = checkEvents(eventsWith({ data: ticketData.omit({ priority: true }) }));
    assert.equal(check.ok, false);
    assert.deepEqual(check.breaking, ['portal.tickets.created v1: field data.priority removed']);
    assert.match(check.message, /portal\.tickets\.created v1: field data\.priority removed/);
  });

  it('fails on a narrowed type: an enum value removed, null no longer accepted, a shorter maximum', () => {
    const check = checkEvents(
      eventsWith({
        data: ticketData.extend({
          priority: z.enum(['low', 'medium', 'high']),
          organizationId: z.uuid(),
          title: z.string().max(100),
        }),
      }),
    );
    assert.deepEqual(check.breaking.sort(), [
      'portal.tickets.created v1: data.organizationId: narrowed, null no longer accepted',
      'portal.tickets.created v1: data.priority: enum value "urgent" removed',
      'portal.tickets.created v1: data.title: maxLength none → 100',
    ]);
  });

  it('fails on a renamed subject (the old one removed) and on a removed event', () => {
    assert.deepEqual(checkEvents(eventsWith({ subject: 'portal.tickets.opened' })).breaking, [
      'portal.tickets.created v1: subject renamed to portal.tickets.opened (ticket.created stays version 1)',
    ]);
    assert.deepEqual(checkEvents(contracts.eventsAsyncApiDocument(withoutTicketCreated())).breaking, [
      'portal.tickets.created v1: subject removed (ticket.created is no longer in the catalog)',
    ]);
  });

  it('passes the same changes once the event is a new version, as drift to commit', () => {
    for (const change of [
      { data: ticketData.omit({ priority: true }) },
      { data: ticketData.extend({ priority: z.enum(['low', 'medium', 'high']) }) },
      { subject: 'portal.tickets.opened' },
    ]) {
      const check = checkEvents(eventsWith({ ...change, version: 2 }));
      assert.deepEqual(check.breaking, []);
      assert.equal(check.allowed.length, 1);
      assert.match(check.message, /run `npm run contracts` to update the committed documents/);
    }
  });

  it("passes a removed event once the events document's major version grew", () => {
    const nextMajor = `${Number(contracts.contractVersions.events.split('.')[0]) + 1}.0.0`;
    const check = checkEvents(contracts.eventsAsyncApiDocument(withoutTicketCreated(), nextMajor));
    assert.deepEqual(check.breaking, []);
    assert.equal(check.drifted.length, 1);
  });

  it('takes an added optional field as non-breaking drift, which passes once regenerated', () => {
    const asyncapi = eventsWith({
      data: ticketData.extend({ channel: z.enum(['web', 'phone']).optional() }),
    });
    const check = checkEvents(asyncapi);
    assert.deepEqual(check.breaking, []);
    assert.deepEqual(check.drifted, ['libs/contracts/asyncapi.json']);
    assert.match(check.message, /run `npm run contracts`/);
    const regenerated = { openapi: generated.openapi, asyncapi };
    assert.equal(checkContractDocuments(regenerated, regenerated).ok, true);
  });

  it('fails on a field added as required: the events already in the stream lack it', () => {
    const check = checkEvents(eventsWith({ data: ticketData.extend({ channel: z.enum(['web', 'phone']) }) }));
    assert.deepEqual(check.breaking, [
      'portal.tickets.created v1: field data.channel added as required (events already sent lack it)',
    ]);
  });
});

/** An HTTP document of two routes: `POST /api/things` with `body` and `GET /api/things/{id}`. */
function httpDocument(body, version = '1.0.0', { withGet = true } = {}) {
  const route = { service: 'crm', takesBody: true, pathParameters: [] };
  const routes = [
    {
      ...route,
      method: 'post',
      path: '/api/things',
      operationId: 'Things.create',
      status: 201,
      bodySchema: body,
    },
    ...(withGet
      ? [
          {
            ...route,
            method: 'get',
            path: '/api/things/{id}',
            operationId: 'Things.get',
            status: 200,
            takesBody: false,
            pathParameters: ['id'],
          },
        ]
      : []),
  ];
  return httpApiDocument(routes, { ...contracts, contractVersions: { httpApi: version } });
}

const checkHttp = (before, after) =>
  checkContractDocuments(
    { openapi: before, asyncapi: generated.asyncapi },
    { openapi: after, asyncapi: generated.asyncapi },
  );

describe('the contract check on the HTTP API', () => {
  const thing = z.strictObject({
    name: z.string().max(80),
    kind: z.enum(['a', 'b']),
    note: z.string().optional(),
  });

  it('fails on a removed operation, a newly required or added required field, a narrowed type', () => {
    assert.deepEqual(
      checkHttp(httpDocument(thing), httpDocument(thing, '1.0.0', { withGet: false })).breaking,
      ['GET /api/things/{id}: operation removed'],
    );
    const narrowed = thing.extend({ note: z.string(), kind: z.enum(['a']), size: z.number() });
    assert.deepEqual(checkHttp(httpDocument(thing), httpDocument(narrowed)).breaking.sort(), [
      'POST /api/things: body.kind: enum value "b" removed',
      'POST /api/things: request field body.note newly required',
      'POST /api/things: request field body.size added as required',
    ]);
    assert.deepEqual(checkHttp(httpDocument(thing), httpDocument(thing.omit({ note: true }))).breaking, [
      'POST /api/things: field body.note removed',
    ]);
  });

  it('passes them with a major version bump, and takes a widened request as non-breaking drift', () => {
    const narrowed = thing.extend({ note: z.string(), kind: z.enum(['a']) });
    const bumped = checkHttp(httpDocument(thing), httpDocument(narrowed, '2.0.0', { withGet: false }));
    assert.deepEqual(bumped.breaking, []);
    assert.equal(bumped.allowed.length, 3);
    const widened = thing.extend({
      kind: z.enum(['a', 'b', 'c']),
      extra: z.boolean().optional(),
      name: z.string(),
    });
    const check = checkHttp(httpDocument(thing), httpDocument(widened));
    assert.deepEqual(check.breaking, []);
    assert.deepEqual(check.drifted, ['libs/contracts/openapi.json']);
  });
});
