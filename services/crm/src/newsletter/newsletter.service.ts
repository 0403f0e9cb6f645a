import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NewsletterResponse } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { LeadLimitsService } from '../rate-limits/lead-limits.service';

export const SUBSCRIBED_MESSAGE = "Thanks! You're subscribed.";
export const ALREADY_SUBSCRIBED_MESSAGE = "You're already subscribed.";

@Injectable()
export class NewsletterService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: LeadLimitsService,
  ) {}

  /**
   * Adds the address unless it is on the list in any case. The unique index decides, so two
   * sign-ups of one address at once add it once and both succeed.
   */
  async subscribe(email: string, address: string): Promise<NewsletterResponse> {
    await this.limits.admitNewsletter(address);
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO newsletter_subscriptions (email) VALUES ($1)
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [email],
    );
    return inserted.length > 0
      ? { subscribed: true, message: SUBSCRIBED_MESSAGE }
      : { subscribed: false, message: ALREADY_SUBSCRIBED_MESSAGE };
  }
}
