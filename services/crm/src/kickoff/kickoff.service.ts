import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import type { Kickoff } from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';

type Caller = Pick<AuthenticatedUser, 'id' | 'organizationId'>;

/** Whose kickoff it is: the caller's organisation, or the caller alone outside any. */
const ownerOf = (caller: Caller) => caller.organizationId ?? caller.id;

interface KickoffRow {
  booked_at: Date;
  event_uri: string | null;
}

const toKickoff = (row: KickoffRow): Kickoff => ({
  bookedAt: row.booked_at.toISOString(),
  eventUri: row.event_uri,
});

/** `kickoff_calls`: one kickoff call per organisation, read and written only for the caller's own. */
@Injectable()
export class KickoffService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findFor(caller: Caller): Promise<Kickoff | null> {
    const [row]: KickoffRow[] = await this.dataSource.query(
      'SELECT booked_at, event_uri FROM kickoff_calls WHERE owner_id = $1',
      [ownerOf(caller)],
    );
    return row ? toKickoff(row) : null;
  }

  /**
   * Records the booking. Booking again keeps the first one, unless it now names the Calendly event
   * (a request the widget later confirmed): then the event and its time replace it.
   */
  async book(caller: Caller, eventUri: string | undefined): Promise<Kickoff> {
    const [row]: KickoffRow[] = await this.dataSource.query(
      `INSERT INTO kickoff_calls (owner_id, organization_id, customer_id, event_uri)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (owner_id) DO UPDATE SET
         event_uri = coalesce(EXCLUDED.event_uri, kickoff_calls.event_uri),
         booked_at = CASE WHEN EXCLUDED.event_uri IS NULL THEN kickoff_calls.booked_at ELSE now() END
       RETURNING booked_at, event_uri`,
      [ownerOf(caller), caller.organizationId, caller.id, eventUri ?? null],
    );
    return toKickoff(row);
  }

  /**
   * Moves the kickoff call the user booked outside any organisation (before organizations owned data)
   * to `organizationId`, unless that organisation has booked its own; a second run changes nothing.
   */
  async claimLegacy(
    manager: EntityManager,
    claim: { organizationId: string; userId: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE kickoff_calls SET owner_id = $1, organization_id = $1
       WHERE owner_id = $2 AND organization_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM kickoff_calls WHERE owner_id = $1)`,
      [claim.organizationId, claim.userId],
    );
  }

  /**
   * Erases the kickoff call a deleted account booked outside any organisation, and its organisation's
   * when `organizationId` is given (the organisation went with it). Nothing to do the second time.
   */
  async eraseForDeletedAccount(
    manager: EntityManager,
    customerId: string,
    organizationId: string | null,
  ): Promise<void> {
    await manager.query('DELETE FROM kickoff_calls WHERE owner_id = $1 OR owner_id = $2', [
      customerId,
      organizationId,
    ]);
  }
}
