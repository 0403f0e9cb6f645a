import { Injectable } from '@nestjs/common';
import {
  type MeasuredState,
  STATUS_CACHE_SECONDS,
  STATUS_RESOLVED_INCIDENT_DAYS,
  STATUS_SAMPLE_FRESH_SECONDS,
  STATUS_SERVICES,
  type StatusPage,
} from '@portal/contracts';
import { IncidentsService } from './incidents.service';
import { StatusSamplesService } from './status-samples.service';
import { historyDays, historyStart, overallUptime, serviceState, uptimeOf, worstState } from './uptime';

const DAY_MS = 24 * 60 * 60_000;

/**
 * `GET /api/status`: built from the samples and the incidents, and kept for `STATUS_CACHE_SECONDS` per
 * process (a crowd reading the page during an incident costs the database one build per replica every
 * 15 s). An incident changed in this process drops the copy at once.
 */
@Injectable()
export class StatusPageService {
  private cached?: { page: Promise<StatusPage>; until: number };

  constructor(
    private readonly samples: StatusSamplesService,
    private readonly incidents: IncidentsService,
  ) {
    incidents.onChange(() => (this.cached = undefined));
  }

  page(now: Date = new Date()): Promise<StatusPage> {
    const cached = this.cached;
    if (cached && cached.until > now.getTime()) return cached.page;
    const page = this.build(now);
    this.cached = { page, until: now.getTime() + STATUS_CACHE_SECONDS * 1000 };
    // A failed build is not kept: the next request tries again.
    page.catch(() => {
      if (this.cached?.page === page) this.cached = undefined;
    });
    return page;
  }

  async build(now: Date = new Date()): Promise<StatusPage> {
    const days = historyDays(now);
    const [latest, counts, incidents] = await Promise.all([
      this.samples.latest(new Date(now.getTime() - STATUS_SAMPLE_FRESH_SECONDS * 1000)),
      this.samples.dayCounts(historyStart(now)),
      this.incidents.listForPage(new Date(now.getTime() - STATUS_RESOLVED_INCIDENT_DAYS * DAY_MS)),
    ]);
    const open = incidents.filter((incident) => incident.resolvedAt === null);
    const totals: { sampled: number; up: number }[] = [];
    const services = STATUS_SERVICES.map(({ id, name }) => {
      const measured = (latest.get(id)?.state as MeasuredState | undefined) ?? null;
      const impacts = open
        .filter((incident) => incident.services.includes(id))
        .map((incident) => incident.impact);
      const incidentImpact = impacts.length === 0 ? null : (worstState(impacts) as MeasuredState);
      const uptime = uptimeOf(counts.get(id) ?? [], days);
      totals.push(uptime);
      return {
        id,
        name,
        state: serviceState(measured, incidentImpact),
        measured,
        uptime: uptime.uptime,
        days: uptime.days,
      };
    });
    return {
      generatedAt: now.toISOString(),
      overall: worstState(services.map((service) => service.state)),
      uptime: overallUptime(totals),
      services,
      incidents,
    };
  }
}
