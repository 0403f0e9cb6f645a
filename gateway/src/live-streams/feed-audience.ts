import type { StreamListener } from './event-stream';

/**
 * The open streams a feed sends to: the customers' by organization (each with what it asked for,
 * `scope`, e.g. one ticket), and staff's. The organization of a customer's stream comes from its
 * token, so an event sent to an organization reaches its members only.
 */
export class FeedAudience<CustomerEvent, StaffEvent, Scope = null> {
  private readonly customers = new Map<
    string,
    Set<{ scope: Scope; listener: StreamListener<CustomerEvent> }>
  >();
  private readonly staff = new Set<StreamListener<StaffEvent>>();

  /** Adds a member's stream until the answer is called. */
  addCustomer(organizationId: string, scope: Scope, listener: StreamListener<CustomerEvent>): () => void {
    let entries = this.customers.get(organizationId);
    if (!entries) this.customers.set(organizationId, (entries = new Set()));
    const entry = { scope, listener };
    entries.add(entry);
    return () => {
      entries.delete(entry);
      if (entries.size === 0 && this.customers.get(organizationId) === entries)
        this.customers.delete(organizationId);
    };
  }

  /** Adds a staff stream until the answer is called. */
  addStaff(listener: StreamListener<StaffEvent>): () => void {
    this.staff.add(listener);
    return () => this.staff.delete(listener);
  }

  sendToStaff(event: StaffEvent): void {
    for (const listener of this.staff) listener.send(event);
  }

  /** Sends to the organization's streams whose scope `wants` the event (all of them without it). */
  sendToOrganization(organizationId: string, event: CustomerEvent, wants?: (scope: Scope) => boolean): void {
    const entries = this.customers.get(organizationId);
    if (!entries) return;
    for (const { scope, listener } of entries) if (!wants || wants(scope)) listener.send(event);
  }

  sendToEveryCustomer(event: CustomerEvent): void {
    for (const entries of this.customers.values()) for (const { listener } of entries) listener.send(event);
  }

  /** Open streams (staff and customers'), for tests and logs. */
  count(): number {
    let count = this.staff.size;
    for (const entries of this.customers.values()) count += entries.size;
    return count;
  }

  /** Ends every stream: before the HTTP server closes, which waits for open connections. */
  endAll(): void {
    for (const entries of this.customers.values()) for (const { listener } of entries) listener.end();
    for (const listener of this.staff) listener.end();
    this.customers.clear();
    this.staff.clear();
  }
}
