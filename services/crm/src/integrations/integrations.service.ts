import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type OrganizationMember, SecretBox } from '@portal/auth';
import type {
  createIntegrationRequestSchema,
  IntegrationsSummary,
  MembershipChangedData,
} from '@portal/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import { IntegrationEntity } from './integration.entity';
import {
  type IntegrationSecrets,
  newSigningSecret,
  openSigningSecret,
  sealIntegrationSecrets,
  sealSigningSecret,
} from './integration-secrets';

/** A create request as validated by `createIntegrationRequestSchema` (trimmed, empty webhook URL dropped). */
export type NewIntegration = z.output<typeof createIntegrationRequestSchema>;

/** An integration with the sealed secret its inbound events are signed with. */
export type SigningIntegration = Pick<
  IntegrationEntity,
  'id' | 'customerId' | 'organizationId' | 'signingSecret'
>;

/** An integration of fixed data (the demo's), its secrets in plain, connected some days ago. */
export type SeededIntegration = Pick<
  IntegrationEntity,
  'id' | 'customerId' | 'organizationId' | 'type' | 'name' | 'webhookUrl' | 'isActive'
> &
  IntegrationSecrets & { connectedDaysAgo: number };

/** Whose legacy integrations (and kickoff call) move to which organization (`claimsLegacyData`). */
export type LegacyClaim = Pick<MembershipChangedData, 'organizationId' | 'userId'>;

/**
 * An organization's integrations: the dashboard's reads and writes are scoped to the organization they
 * belong to (the member who connected one is kept), the export's to that member.
 */
@Injectable()
export class IntegrationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  private get repository() {
    return this.dataSource.getRepository(IntegrationEntity);
  }

  /** The organization's integrations, whoever connected them, newest first, without their secret columns. */
  listForOrganization(organizationId: string): Promise<IntegrationEntity[]> {
    return this.repository.find({ where: { organizationId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** How many integrations the organization has, and how many of them are active. */
  async summarizeForOrganization(organizationId: string): Promise<IntegrationsSummary> {
    const [{ configured, active }] = await this.dataSource.query<{ configured: number; active: number }[]>(
      `SELECT count(*)::int AS configured, count(*) FILTER (WHERE is_active)::int AS active
         FROM integrations WHERE organization_id = $1`,
      [organizationId],
    );
    return { configured, active };
  }

  /** The integrations the customer connected, in any organization, newest first ("Export my data"). */
  listForCustomer(customerId: string): Promise<IntegrationEntity[]> {
    return this.repository.find({ where: { customerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Stores the integration with its API key and a new signing secret, both sealed. The secret is
   * returned in plain this once, for the customer to give their CRM or dialer.
   */
  async create(
    owner: OrganizationMember,
    request: NewIntegration,
  ): Promise<{ integration: IntegrationEntity; signingSecret: string }> {
    const id = randomUUID();
    const signingSecret = newSigningSecret();
    const integration = await this.repository.save(
      this.repository.create({
        id,
        customerId: owner.id,
        organizationId: owner.organizationId,
        type: request.type,
        name: request.name,
        webhookUrl: request.webhookUrl ?? null,
        isActive: true,
        ...sealIntegrationSecrets(this.secrets, id, { apiKey: request.apiKey, signingSecret }),
      }),
    );
    return { integration, signingSecret };
  }

  /**
   * Deletes the organization's integration (and its received events); false when it is another
   * organization's or unknown.
   */
  async removeForOrganization(organizationId: string, integrationId: string): Promise<boolean> {
    const result = await this.repository.delete({ id: integrationId, organizationId });
    return (result.affected ?? 0) > 0;
  }

  /**
   * Moves the integrations the user connected before organizations owned data (no organization) to
   * `claim`'s organization, with the events they received; integrations already in one stay, so a
   * second run changes nothing. Answers how many moved.
   */
  async claimLegacy(manager: EntityManager, claim: LegacyClaim): Promise<number> {
    // TypeORM answers an UPDATE as [rows, affected].
    const [, moved]: [unknown[], number] = await manager.query(
      'UPDATE integrations SET organization_id = $1 WHERE customer_id = $2 AND organization_id IS NULL',
      [claim.organizationId, claim.userId],
    );
    return moved;
  }

  /**
   * Erases a deleted account's integrations outside any organization, and every integration of its
   * organisation when `organizationId` is given (the organisation went with it): sealed secrets are
   * columns of the row, received events go by the foreign key. The integrations of an organisation
   * that remains stay its own (its CRM keeps posting). Nothing is left to do the second time.
   */
  async eraseForDeletedAccount(
    manager: EntityManager,
    customerId: string,
    organizationId: string | null,
  ): Promise<void> {
    await manager.query(
      'DELETE FROM integrations WHERE (customer_id = $1 AND organization_id IS NULL) OR organization_id = $2',
      [customerId, organizationId],
    );
  }

  /** Connects or disconnects any customer's integration (staff); null when there is no such integration. */
  async setActive(integrationId: string, isActive: boolean): Promise<IntegrationEntity | null> {
    const integration = await this.repository.findOne({ where: { id: integrationId } });
    if (!integration) return null;
    if (integration.isActive === isActive) return integration;
    integration.isActive = isActive;
    return this.repository.save(integration);
  }

  /** The active integration with its sealed signing secret, for an inbound event to be checked against. */
  findActiveWithSigningSecret(integrationId: string): Promise<SigningIntegration | null> {
    return this.repository.findOne({
      where: { id: integrationId, isActive: true },
      select: { id: true, customerId: true, organizationId: true, signingSecret: true },
    });
  }

  /** Adds the integration, secrets sealed, unless its id is taken; true when it was added. */
  async addIfMissing(integration: SeededIntegration): Promise<boolean> {
    const sealed = sealIntegrationSecrets(this.secrets, integration.id, integration);
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO integrations (id, customer_id, organization_id, type, name, access_token, refresh_token,
         webhook_url, signing_secret, is_active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - make_interval(days => $11), now() - make_interval(days => $11))
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        integration.id,
        integration.customerId,
        integration.organizationId,
        integration.type,
        integration.name,
        sealed.accessToken,
        sealed.refreshToken,
        integration.webhookUrl,
        sealed.signingSecret,
        integration.isActive,
        integration.connectedDaysAgo,
      ],
    );
    return inserted.length > 0;
  }

  /** Seals `signingSecret` as the integration's unless it already is its secret. */
  async keepSigningSecret(integrationId: string, signingSecret: string): Promise<void> {
    const integration = await this.repository.findOne({
      where: { id: integrationId },
      select: { id: true, signingSecret: true },
    });
    if (
      integration &&
      openSigningSecret(this.secrets, integrationId, integration.signingSecret) === signingSecret
    )
      return;
    await this.repository.update(integrationId, {
      signingSecret: sealSigningSecret(this.secrets, integrationId, signingSecret),
    });
  }
}
