import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  bookingManageLink,
  bookingMessages,
  type bookCallRequestSchema,
  type MailContent,
  type OpenSlot,
  type PublicBooking,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { AppConfig } from '../app.module';
import { CRM_CONFIG, DEFAULT_BOOKING_INBOX } from '../config';
import { LeadLimitsService } from '../rate-limits/lead-limits.service';
import { recordLead, splitName } from '../contact/record-lead';
import { bookingTokenHash, isBookingToken, newBookingToken } from './booking-tokens';
import { callTimeOf } from './call-time';
import { isPostgresError } from './postgres-errors';

/** A booking as validated by `bookCallRequestSchema` (trimmed, empty optional fields dropped). */
export type CallBookingRequest = z.output<typeof bookCallRequestSchema>;

export interface SlotRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
}

export interface BookingRow {
  id: string;
  slot_id: string | null;
  status: PublicBooking['status'];
  starts_at: Date;
  ends_at: Date;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  note: string | null;
  sequence: number;
  created_at: Date;
  cancelled_at: Date | null;
}

export const toOpenSlot = (row: SlotRow): OpenSlot => ({
  id: row.id,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
  durationMinutes: Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / 60_000),
});

const toPublicBooking = (row: BookingRow): PublicBooking => ({
  status: row.status,
  name: row.name,
  email: row.email,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
});

/** What sales read on the lead a booked call starts: when, and what the visitor gave besides. */
function bookedCallMessage(row: BookingRow): string {
  const when = callTimeOf(row.starts_at.toISOString(), row.ends_at.toISOString());
  return [
    `Booked a discovery call: ${when}.`,
    ...(row.phone ? [`Phone: ${row.phone}`] : []),
    ...(row.note ? [`Note: ${row.note}`] : []),
  ].join('\n');
}

const slotTaken = () => new ConflictException(bookingMessages.slotTaken);
const bookingNotFound = () => new NotFoundException(bookingMessages.bookingNotFound);

/** A slot no confirmed booking holds, starting later than now. */
const OPEN_SLOT = `s.starts_at > now() AND NOT EXISTS (
  SELECT 1 FROM call_bookings b WHERE b.slot_id = s.id AND b.status = 'confirmed')`;

/**
 * The visitor's side of the company's own booking (ADR 0232): the open slots, booking one, and the
 * manage link's cancel and reschedule. A slot holds one confirmed booking (a partial unique index: of
 * two visitors racing for it, the second gets 409), and every change enqueues the calendar
 * invitation for the visitor and for the staff inbox in the transaction that made it.
 */
@Injectable()
export class BookingService {
  private readonly logger = new Logger('Booking');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: LeadLimitsService,
    @Inject(CRM_CONFIG) private readonly config: Pick<AppConfig, 'publicSiteUrl' | 'bookingInbox'>,
  ) {}

  /** The open slots from now on, earliest first (at most 500). */
  async openSlots(): Promise<OpenSlot[]> {
    const rows: SlotRow[] = await this.dataSource.query(
      `SELECT s.id, s.starts_at, s.ends_at FROM booking_slots s WHERE ${OPEN_SLOT}
       ORDER BY s.starts_at LIMIT 500`,
    );
    return rows.map(toOpenSlot);
  }

  /** Books an open slot; 409 when it is gone (booked meanwhile, removed or started). */
  async book(request: CallBookingRequest, address: string): Promise<PublicBooking> {
    await this.limits.admitBooking(address, request.email);
    if (request.website?.trim()) {
      this.logger.log(`honeypot filled in from ${address}: booking dropped`);
      const [slot] = await this.openSlot(this.dataSource.manager, request.slotId);
      if (!slot) throw slotTaken();
      return {
        status: 'confirmed',
        name: request.name,
        email: request.email,
        startsAt: slot.starts_at.toISOString(),
        endsAt: slot.ends_at.toISOString(),
      };
    }
    const { token, hash } = newBookingToken();
    const booking = await this.whileSlotFree(() =>
      this.dataSource.transaction(async (manager) => {
        const [slot] = await this.openSlot(manager, request.slotId);
        if (!slot) throw slotTaken();
        const [row]: BookingRow[] = await manager.query(
          `INSERT INTO call_bookings (slot_id, status, starts_at, ends_at, name, email, company, phone, note, token_hash)
           VALUES ($1, 'confirmed', $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [
            slot.id,
            slot.starts_at,
            slot.ends_at,
            request.name,
            request.email,
            request.company ?? null,
            request.phone ?? null,
            request.note ?? null,
            hash,
          ],
        );
        await this.sendInvitations(manager, row, token, 'booked', null);
        await recordLead(manager, {
          ...splitName(row.name),
          email: row.email,
          company: row.company,
          message: bookedCallMessage(row),
        });
        return row;
      }),
    );
    return toPublicBooking(booking);
  }

  /** The booking behind a manage link; 404 for an unknown token. */
  async find(token: string): Promise<PublicBooking> {
    const row = await this.byToken(this.dataSource.manager, token);
    return toPublicBooking(row);
  }

  /** Cancels the call (once: a repeat answers the cancelled booking and sends nothing). */
  async cancel(token: string): Promise<PublicBooking> {
    const row = await this.dataSource.transaction(async (manager) => {
      const booking = await this.byToken(manager, token, true);
      if (booking.status === 'cancelled') return booking;
      if (booking.ends_at.getTime() <= Date.now()) throw new ConflictException(bookingMessages.bookingPast);
      const [[cancelled]]: [BookingRow[], number] = await manager.query(
        `UPDATE call_bookings SET status = 'cancelled', sequence = sequence + 1, cancelled_at = now(),
           updated_at = now() WHERE id = $1 RETURNING *`,
        [booking.id],
      );
      await this.sendInvitations(manager, cancelled, token, 'cancelled', null);
      return cancelled;
    });
    return toPublicBooking(row);
  }

  /** Moves the call to another open slot: same invitation (UID), next SEQUENCE. */
  async reschedule(token: string, slotId: string): Promise<PublicBooking> {
    const row = await this.whileSlotFree(() =>
      this.dataSource.transaction(async (manager) => {
        const booking = await this.byToken(manager, token, true);
        if (booking.status === 'cancelled') throw new ConflictException(bookingMessages.bookingCancelled);
        if (booking.starts_at.getTime() <= Date.now())
          throw new ConflictException(bookingMessages.bookingPast);
        if (booking.slot_id === slotId) return booking;
        const [slot] = await this.openSlot(manager, slotId);
        if (!slot) throw slotTaken();
        // UPDATE … RETURNING answers [rows, count].
        const [[moved]]: [BookingRow[], number] = await manager.query(
          `UPDATE call_bookings SET slot_id = $2, starts_at = $3, ends_at = $4, sequence = sequence + 1,
             updated_at = now() WHERE id = $1 RETURNING *`,
          [booking.id, slot.id, slot.starts_at, slot.ends_at],
        );
        await this.sendInvitations(manager, moved, token, 'rescheduled', booking.starts_at);
        return moved;
      }),
    );
    return toPublicBooking(row);
  }

  private openSlot(manager: EntityManager, slotId: string): Promise<SlotRow[]> {
    return manager.query(
      `SELECT s.id, s.starts_at, s.ends_at FROM booking_slots s WHERE s.id = $1 AND ${OPEN_SLOT}`,
      [slotId],
    );
  }

  private async byToken(manager: EntityManager, token: string, lock = false): Promise<BookingRow> {
    if (!isBookingToken(token)) throw bookingNotFound();
    const [row]: BookingRow[] = await manager.query(
      `SELECT * FROM call_bookings WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [bookingTokenHash(token)],
    );
    if (!row) throw bookingNotFound();
    return row;
  }

  /** Runs `work`; the database's refusal of a second booking of one slot (or of a removed slot) is a 409. */
  private async whileSlotFree<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isPostgresError(error, '23505', 'call_bookings_one_per_slot')) throw slotTaken();
      if (isPostgresError(error, '23503')) throw slotTaken();
      throw error;
    }
  }

  /** The invitation (or its change) to the visitor and to the staff inbox, each with the manage link. */
  private async sendInvitations(
    manager: EntityManager,
    booking: BookingRow,
    token: string,
    change: Extract<MailContent, { template: 'call-booking' }>['change'],
    previousStartsAt: Date | null,
  ): Promise<void> {
    const inbox = this.config.bookingInbox ?? DEFAULT_BOOKING_INBOX;
    const site = new URL(this.config.publicSiteUrl);
    const common = {
      template: 'call-booking',
      change,
      uid: `booking-${booking.id}@${site.hostname}`,
      sequence: booking.sequence,
      startsAt: booking.starts_at.toISOString(),
      endsAt: booking.ends_at.toISOString(),
      previousStartsAt: previousStartsAt?.toISOString() ?? null,
      stampedAt: new Date().toISOString(),
      organizer: { name: 'Millstone CX', email: inbox },
      attendee: { name: booking.name, email: booking.email },
      company: booking.company,
      phone: booking.phone,
      note: booking.note,
      link: bookingManageLink(this.config.publicSiteUrl, token),
    } as const;
    const requestedAt = new Date().toISOString();
    const mails: [string, MailContent][] = [
      [booking.email, { ...common, audience: 'visitor', name: booking.name }],
      [inbox, { ...common, audience: 'staff', name: '' }],
    ];
    for (const [to, content] of mails) {
      await enqueueCatalogEvent(manager, 'mailRequested', { mailId: randomUUID(), to, content, requestedAt });
    }
  }
}
