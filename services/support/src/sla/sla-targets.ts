import { SLA_WARNING_SHARE, ticketPriorities, ticketSlaTable } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * Writes the SLA table of `@portal/contracts` into `ticket_sla_targets`, which the database reads for
 * a ticket inserted without its clocks (see migration 1766100000000). support runs it at every start,
 * so the table in config is the one source.
 */
export async function writeSlaTargets(manager: Pick<EntityManager, 'query'>): Promise<void> {
  const rows = ticketPriorities.map((priority) => [
    priority,
    `${ticketSlaTable[priority].firstResponseMinutes} minutes`,
    `${ticketSlaTable[priority].resolutionMinutes} minutes`,
  ]);
  await manager.query(
    `INSERT INTO ticket_sla_targets (priority, first_response, resolution, warning_share)
     SELECT priority, first_response::interval, resolution::interval, $2
     FROM jsonb_to_recordset($1::jsonb) AS target (priority text, first_response text, resolution text)
     ON CONFLICT (priority) DO UPDATE SET
       first_response = EXCLUDED.first_response,
       resolution = EXCLUDED.resolution,
       warning_share = EXCLUDED.warning_share`,
    [
      JSON.stringify(
        rows.map(([priority, firstResponse, resolution]) => ({
          priority,
          first_response: firstResponse,
          resolution,
        })),
      ),
      SLA_WARNING_SHARE,
    ],
  );
}
