import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ContactResponse, contactRequestSchema } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { LeadLimitsService } from '../rate-limits/lead-limits.service';
import { messageWithCart, withTotal } from './cart-lead';
import { recordLead } from './record-lead';

/** A contact request as validated by `contactRequestSchema` (trimmed, empty company dropped). */
export type ContactSubmission = z.output<typeof contactRequestSchema>;

@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: LeadLimitsService,
  ) {}

  /**
   * Stores the submission and its `portal.leads.created` event in one transaction; a cart from the
   * checkout is kept with its total and listed in the message. A filled-in honeypot (`website`) gets
   * the same answer, so a bot learns nothing, but nothing is kept.
   */
  async submit(submission: ContactSubmission, address: string): Promise<ContactResponse> {
    await this.limits.admitContact(address, submission.email);
    if (submission.website?.trim()) {
      this.logger.log(`honeypot filled in from ${address}: submission dropped`);
      return { id: randomUUID(), status: 'new' };
    }
    const cart = submission.cart ? withTotal(submission.cart) : null;
    return this.dataSource.transaction(async (manager) => {
      const row = await recordLead(manager, {
        firstName: submission.firstName,
        lastName: submission.lastName,
        email: submission.email,
        company: submission.company ?? null,
        message: cart ? messageWithCart(submission.message, cart) : submission.message,
        cart,
      });
      return { id: row.id, status: 'new' };
    });
  }
}
