import { createEventEnvelope, type EventEnvelope, events } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { catalogFilterSubject, type CatalogHandlers, dispatchCatalogEvents } from './catalog-consumer';
import type { EventContext } from './event-consumer';
import { organizationCreatedData as organizationCreated } from './__fixtures__/organization-created';

const context: EventContext = {
  manager: {} as EntityManager,
  subject: 'portal.test',
  deliveryCount: 1,
  maxDeliver: 10,
};

describe('catalog consumer', () => {
  it('gives each event to the handler of its catalog entry and acknowledges the others untouched', async () => {
    const seen: string[] = [];
    const handler = dispatchCatalogEvents({
      organizationCreated: async (event) => {
        seen.push(`timezone ${event.data.timezone}`);
      },
      leadGenerated: async (event) => {
        seen.push(`lead ${event.data.leadId}`);
      },
    });
    const { type, version } = events.organizationCreated;
    await handler(createEventEnvelope(type, organizationCreated, version), context);
    await handler(createEventEnvelope(type, organizationCreated, version + 1), context);
    await handler(createEventEnvelope(events.orderPaid.type, {}, events.orderPaid.version), context);
    expect(seen).toEqual(['timezone Europe/Paris']);
  });

  it('consumes one subject, or the wildcard over the tokens several subjects share', () => {
    expect(catalogFilterSubject(['callCompleted'])).toBe('portal.calls.completed');
    expect(catalogFilterSubject(['leadGenerated', 'leadConverted'])).toBe('portal.leads.>');
    expect(catalogFilterSubject(['leadGenerated', 'leadConverted'], 'test_1')).toBe('test_1.leads.>');
    expect(catalogFilterSubject(['orderPaid', 'leadCreated'])).toBe('portal.>');
  });

  it('types each handler by the catalog and refuses names the catalog does not have', () => {
    const handlers: CatalogHandlers<'organizationCreated' | 'callCompleted'> = {
      organizationCreated: async (event: EventEnvelope<{ timezone: string }>) => {
        expect(event.data.timezone).toBeDefined();
      },
      callCompleted: async (event) => {
        expect(event.data.durationSeconds).toBeDefined();
        // @ts-expect-error a call's payload has no time zone
        expect(event.data.timezone).toBeUndefined();
      },
    };
    expect(() =>
      // @ts-expect-error `orderShipped` is no event of the catalog
      dispatchCatalogEvents({ orderShipped: async () => undefined }),
    ).toThrow('"orderShipped" is no event of the contracts catalog');
    // @ts-expect-error a catalog name without its handler
    const incomplete: CatalogHandlers<'orderPaid'> = {};
    expect([handlers, incomplete]).toHaveLength(2);
  });
});
