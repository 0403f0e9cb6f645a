import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthenticatedUser } from '@portal/auth';
import type { createIntegrationRequestSchema } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { SecretBox } from '../secrets/secret-box';
import { IntegrationEntity } from './integration.entity';
import { newSigningSecret, sealIntegrationSecrets } from './integration-secrets';

/** A create request as validated by `createIntegrationRequestSchema` (trimmed, empty webhook URL dropped). */
export type NewIntegration = z.output<typeof createIntegrationRequestSchema>;

/** A customer's integrations; every read and write is scoped to the customer they belong to. */
@Injectable()
export class IntegrationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  private get repository() {
    return this.dataSource.getRepository(IntegrationEntity);
  }

  /** The customer's integrations, newest first, without their secret columns. */
  listForCustomer(customerId: string): Promise<IntegrationEntity[]> {
    return this.repository.find({ where: { customerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Stores the integration with its API key and a new signing secret, both sealed. The secret is
   * returned in plain this once, for the customer to give their CRM or dialer.
   */
  async create(
    owner: AuthenticatedUser,
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

  /** Deletes the customer's integration (and its received events); false when it is not theirs or unknown. */
  async removeForCustomer(customerId: string, integrationId: string): Promise<boolean> {
    const result = await this.repository.delete({ id: integrationId, customerId });
    return (result.affected ?? 0) > 0;
  }

  /** Connects or disconnects any customer's integration (staff); null when there is no such integration. */
  async setActive(integrationId: string, isActive: boolean): Promise<IntegrationEntity | null> {
    const integration = await this.repository.findOne({ where: { id: integrationId } });
    if (!integration) return null;
    if (integration.isActive === isActive) return integration;
    integration.isActive = isActive;
    return this.repository.save(integration);
  }
}
