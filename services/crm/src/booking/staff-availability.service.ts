import { ConflictException, Injectable, NotFoundException, BadRequestException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { bookingMessages, SLOT_MAX_DAYS_AHEAD, type StaffBooking, type StaffSlot } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { type BookingRow, type SlotRow, toOpenSlot } from './booking.service';
import { isPostgresError } from './postgres-errors';

interface StaffSlotRow extends SlotRow {
  booking_id: string | null;
  booking_name: string | null;
  booking_email: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const toStaffSlot = (row: StaffSlotRow): StaffSlot => ({
  ...toOpenSlot(row),
  booking:
    row.booking_id && row.booking_name !== null && row.booking_email !== null
      ? { id: row.booking_id, name: row.booking_name, email: row.booking_email }
      : null,
});

const toStaffBooking = (row: BookingRow): StaffBooking => ({
  id: row.id,
  status: row.status,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  note: row.note,
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
  createdAt: row.created_at.toISOString(),
  cancelledAt: row.cancelled_at?.toISOString() ?? null,
});

/**
 * Staff's side of the company's own booking (ADR 0232): the slots they publish (no two overlap:
 * an exclusion constraint), removing one that nobody booked, and the upcoming bookings.
 */
@Injectable()
export class StaffAvailabilityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The slots that have not ended, earliest first, each with its confirmed booking. */
  async slots(): Promise<StaffSlot[]> {
    const rows: StaffSlotRow[] = await this.dataSource.query(
      `SELECT s.id, s.starts_at, s.ends_at, b.id AS booking_id, b.name AS booking_name, b.email AS booking_email
       FROM booking_slots s
       LEFT JOIN call_bookings b ON b.slot_id = s.id AND b.status = 'confirmed'
       WHERE s.ends_at > now() ORDER BY s.starts_at LIMIT 1000`,
    );
    return rows.map(toStaffSlot);
  }

  /** Publishes a slot; 400 for a past or far start, 409 when it overlaps another. */
  async add(staffId: string, startsAt: string, durationMinutes: number): Promise<StaffSlot> {
    const start = new Date(startsAt);
    if (start.getTime() <= Date.now()) throw new BadRequestException(bookingMessages.startsAtPast);
    if (start.getTime() > Date.now() + SLOT_MAX_DAYS_AHEAD * DAY_MS) {
      throw new BadRequestException(bookingMessages.startsAtTooFar);
    }
    try {
      const [row]: SlotRow[] = await this.dataSource.query(
        `INSERT INTO booking_slots (starts_at, ends_at, created_by)
         VALUES ($1, $1::timestamptz + make_interval(mins => $2), $3) RETURNING id, starts_at, ends_at`,
        [start.toISOString(), durationMinutes, staffId],
      );
      return toStaffSlot({ ...row, booking_id: null, booking_name: null, booking_email: null });
    } catch (error) {
      if (isPostgresError(error, '23P01')) throw new ConflictException(bookingMessages.slotOverlaps);
      throw error;
    }
  }

  /**
   * Removes a slot nobody booked; a booked one is refused (409) and stays. The slot's row is locked
   * first, so a booking being made at the same moment either lands before (and the removal is
   * refused) or waits until the slot is gone (and is refused).
   */
  async remove(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [slot]: SlotRow[] = await manager.query('SELECT id FROM booking_slots WHERE id = $1 FOR UPDATE', [
        id,
      ]);
      if (!slot) throw new NotFoundException(bookingMessages.slotNotFound);
      const booked: unknown[] = await manager.query(
        `SELECT 1 FROM call_bookings WHERE slot_id = $1 AND status = 'confirmed'`,
        [id],
      );
      if (booked.length > 0) throw new ConflictException(bookingMessages.slotBooked);
      await manager.query('DELETE FROM booking_slots WHERE id = $1', [id]);
    });
  }

  /** Bookings whose call has not ended, cancelled ones too, earliest first. */
  async bookings(): Promise<StaffBooking[]> {
    const rows: BookingRow[] = await this.dataSource.query(
      `SELECT * FROM call_bookings WHERE ends_at > now() ORDER BY starts_at, created_at LIMIT 1000`,
    );
    return rows.map(toStaffBooking);
  }
}
