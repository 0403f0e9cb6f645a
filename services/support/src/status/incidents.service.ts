import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Incident,
  type IncidentImpact,
  type IncidentStatus,
  type IncidentUpdateRequest,
  type OpenIncidentRequest,
  type StatusServiceId,
  statusMessages,
  statusPageLink,
  statusServiceName,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { SUPPORT_CONFIG, type SupportConfig } from '../config';

interface IncidentRow {
  id: string;
  title: string;
  impact: IncidentImpact;
  status: IncidentStatus;
  services: StatusServiceId[];
  started_at: Date;
  resolved_at: Date | null;
}

interface UpdateRow {
  id: string;
  incident_id: string;
  status: IncidentStatus;
  message: string;
  created_at: Date;
}

const INCIDENT_COLUMNS = 'id, title, impact, status, services, started_at, resolved_at';

/** Listeners told when an incident changes (the page's cache drops its copy). */
export type IncidentChangeListener = () => void;

/**
 * Incidents staff open, update and resolve (ADR 0235). Each change is written with its update and,
 * in the same transaction, one `portal.mail.requested` per confirmed subscriber (crm's mailer sends
 * them), each with the subscriber's own unsubscribe link.
 */
@Injectable()
export class IncidentsService {
  private readonly listeners = new Set<IncidentChangeListener>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SUPPORT_CONFIG) private readonly config: Pick<SupportConfig, 'publicSiteUrl'>,
  ) {}

  onChange(listener: IncidentChangeListener): void {
    this.listeners.add(listener);
  }

  async open(staffId: string, request: OpenIncidentRequest, now: Date = new Date()): Promise<Incident> {
    const id = randomUUID();
    const status = request.status ?? 'investigating';
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO status_incidents (id, title, impact, status, services, started_at, opened_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, request.title, request.impact, status, request.services, now, staffId],
      );
      await this.addUpdate(manager, id, status, request.message, staffId, now);
      await this.mailSubscribers(manager, {
        change: 'opened',
        title: request.title,
        status,
        impact: request.impact,
        services: request.services as StatusServiceId[],
        message: request.message,
      });
    });
    this.changed();
    return (await this.find(id))!;
  }

  /** An update; `resolved` resolves the incident. A resolved incident takes no more (409). */
  async update(
    staffId: string,
    id: string,
    request: IncidentUpdateRequest,
    now: Date = new Date(),
  ): Promise<Incident> {
    await this.dataSource.transaction(async (manager) => {
      const [incident]: IncidentRow[] = await manager.query(
        `SELECT ${INCIDENT_COLUMNS} FROM status_incidents WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!incident) throw new NotFoundException(statusMessages.incidentNotFound);
      if (incident.resolved_at) throw new ConflictException(statusMessages.incidentResolved);
      const impact = request.impact ?? incident.impact;
      const resolved = request.status === 'resolved';
      await manager.query(
        `UPDATE status_incidents SET status = $2, impact = $3, resolved_at = $4 WHERE id = $1`,
        [id, request.status, impact, resolved ? now : null],
      );
      await this.addUpdate(manager, id, request.status, request.message, staffId, now);
      await this.mailSubscribers(manager, {
        change: resolved ? 'resolved' : 'updated',
        title: incident.title,
        status: request.status,
        impact,
        services: incident.services,
        message: request.message,
      });
    });
    this.changed();
    return (await this.find(id))!;
  }

  async find(id: string): Promise<Incident | undefined> {
    const rows: IncidentRow[] = await this.dataSource.query(
      `SELECT ${INCIDENT_COLUMNS} FROM status_incidents WHERE id = $1`,
      [id],
    );
    return (await this.withUpdates(rows))[0];
  }

  /** Staff's list: open ones first, then the latest resolved ones; at most `limit`. */
  async listForStaff(limit = 50): Promise<Incident[]> {
    const rows: IncidentRow[] = await this.dataSource.query(
      `SELECT ${INCIDENT_COLUMNS} FROM status_incidents
       ORDER BY resolved_at IS NOT NULL, started_at DESC LIMIT $1`,
      [limit],
    );
    return this.withUpdates(rows);
  }

  /** The page's: every open incident, and those resolved after `resolvedSince`. */
  async listForPage(resolvedSince: Date): Promise<Incident[]> {
    const rows: IncidentRow[] = await this.dataSource.query(
      `SELECT ${INCIDENT_COLUMNS} FROM status_incidents
       WHERE resolved_at IS NULL OR resolved_at >= $1
       ORDER BY resolved_at IS NOT NULL, started_at DESC LIMIT 50`,
      [resolvedSince],
    );
    return this.withUpdates(rows);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  private async addUpdate(
    manager: EntityManager,
    incidentId: string,
    status: IncidentStatus,
    message: string,
    staffId: string,
    now: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO status_incident_updates (id, incident_id, status, message, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), incidentId, status, message, staffId, now],
    );
  }

  private async mailSubscribers(
    manager: EntityManager,
    change: {
      change: 'opened' | 'updated' | 'resolved';
      title: string;
      status: IncidentStatus;
      impact: IncidentImpact;
      services: StatusServiceId[];
      message: string;
    },
  ): Promise<void> {
    const subscribers: { email: string; unsubscribe_token: string }[] = await manager.query(
      `SELECT email, unsubscribe_token FROM status_subscribers WHERE confirmed_at IS NOT NULL ORDER BY id`,
    );
    const site = this.config.publicSiteUrl;
    const requestedAt = new Date().toISOString();
    for (const subscriber of subscribers) {
      await enqueueCatalogEvent(manager, 'mailRequested', {
        mailId: randomUUID(),
        to: subscriber.email,
        content: {
          template: 'status-incident',
          change: change.change,
          incidentTitle: change.title,
          status: change.status,
          impact: change.impact,
          services: change.services.map(statusServiceName),
          message: change.message,
          link: `${site}/status`,
          unsubscribeLink: statusPageLink(site, 'unsubscribe', subscriber.unsubscribe_token),
        },
        requestedAt,
      });
    }
  }

  private async withUpdates(rows: IncidentRow[]): Promise<Incident[]> {
    if (rows.length === 0) return [];
    const updates: UpdateRow[] = await this.dataSource.query(
      `SELECT id, incident_id, status, message, created_at FROM status_incident_updates
       WHERE incident_id = ANY($1::uuid[]) ORDER BY created_at DESC, id`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      impact: row.impact,
      status: row.status,
      services: row.services,
      startedAt: new Date(row.started_at).toISOString(),
      resolvedAt: row.resolved_at && new Date(row.resolved_at).toISOString(),
      updates: updates
        .filter((update) => update.incident_id === row.id)
        .map((update) => ({
          id: update.id,
          status: update.status,
          message: update.message,
          createdAt: new Date(update.created_at).toISOString(),
        })),
    }));
  }
}
