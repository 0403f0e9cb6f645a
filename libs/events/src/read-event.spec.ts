import { createEventEnvelope, events } from '@portal/contracts';
import { isCatalogEvent, readEvent } from './read-event';
import { organizationCreatedData as organizationCreated } from './__fixtures__/organization-created';

/** A message whose body is `value` as JSON. */
const messageOf = (value: unknown) => ({
  json: <T>() => structuredClone(value) as T,
});

const { type, version } = events.organizationCreated;

describe('readEvent', () => {
  it("reads a catalog event at the catalog's version, its payload parsed by the entry's schema", () => {
    const envelope = createEventEnvelope(type, organizationCreated, version);
    const read = readEvent(messageOf(envelope));
    expect(read).toEqual({ event: envelope });
    expect(read.problem === undefined && isCatalogEvent(read.event, 'organizationCreated')).toBe(true);
  });

  it('refuses a catalog type at a version this build does not read, saying which it reads', () => {
    const newer = createEventEnvelope(
      type,
      { organizationId: organizationCreated.organizationId },
      version + 1,
    );
    expect(readEvent(messageOf(newer))).toEqual({
      problem: `event ${newer.id}: organization.created version ${version + 1} is not readable by this consumer (reads version ${version})`,
    });
    const { ticketCreated } = events;
    const older = createEventEnvelope(ticketCreated.type, {}, ticketCreated.version + 1);
    expect(readEvent(messageOf(older)).problem).toContain('ticket.created version 2 is not readable');
  });

  it('enforces the version of the types the reader handles only, when it names them', () => {
    const newer = createEventEnvelope(type, { anything: true }, version + 1);
    const reads = new Set([events.leadGenerated.type]);
    expect(readEvent(messageOf(newer), { reads })).toEqual({ event: newer });
    expect(readEvent(messageOf(newer), { reads: new Set([type]) }).problem).toContain('is not readable');
  });

  it('passes an event of a type the catalog does not know with its payload as it came', () => {
    const unknown = createEventEnvelope('widget.created', { whatever: [1, 2] }, 7);
    expect(readEvent(messageOf(unknown))).toEqual({ event: unknown });
  });

  it('refuses what is no JSON, no envelope, or a payload the schema refuses', () => {
    expect(readEvent({ json: () => JSON.parse('not json') })).toEqual({ problem: 'not JSON' });
    expect(readEvent(messageOf({ id: 'nope', type, version, data: {} })).problem).toMatch(
      /^not an event envelope/,
    );
    const bad = createEventEnvelope(type, { ...organizationCreated, organizationId: 'x' }, version);
    expect(readEvent(messageOf(bad)).problem).toMatch(/bad organization.created payload/);
  });
});
