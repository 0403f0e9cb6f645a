import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SecretBox } from '@portal/auth';
import type { CallbackSigningSecret } from '@portal/contracts';
import type { DataSource } from 'typeorm';
import { callbackSecretContext, newWebhookSecret } from './webhook-options';

interface SecretRow {
  signing_secret: string;
  created_at: Date;
}

/**
 * Each organization's callback signing secret (ADR 0206): callbacks have no endpoint, so the
 * organization's secret signs them all, as Twilio's account token signs its status callbacks. Made on
 * first need (the first callback sent, or a member revealing it), sealed by SecretBox as endpoints'
 * secrets are.
 */
@Injectable()
export class CallbackSecrets {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /** The organization's secret, made now when it has none (two callers at once get the same one). */
  async reveal(organizationId: string): Promise<CallbackSigningSecret> {
    await this.dataSource.query(
      `INSERT INTO webhook_callback_secrets (organization_id, signing_secret) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO NOTHING`,
      [organizationId, this.seal(organizationId, newWebhookSecret())],
    );
    const [row]: SecretRow[] = await this.dataSource.query(
      'SELECT signing_secret, created_at FROM webhook_callback_secrets WHERE organization_id = $1',
      [organizationId],
    );
    return this.toView(organizationId, row);
  }

  /** A new secret at once: every attempt from now on, a retry of an older callback too, is signed with it. */
  async roll(organizationId: string): Promise<CallbackSigningSecret> {
    const [row]: SecretRow[] = await this.dataSource.query(
      `INSERT INTO webhook_callback_secrets (organization_id, signing_secret) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET signing_secret = EXCLUDED.signing_secret, created_at = now()
       RETURNING signing_secret, created_at`,
      [organizationId, this.seal(organizationId, newWebhookSecret())],
    );
    return this.toView(organizationId, row);
  }

  /** Opens a sealed secret of the organization; throws when it was sealed with another key. */
  open(organizationId: string, sealed: string): string {
    return this.box.decrypt(sealed, callbackSecretContext(organizationId));
  }

  private seal(organizationId: string, secret: string): string {
    return this.box.encrypt(secret, callbackSecretContext(organizationId));
  }

  private toView(organizationId: string, row: SecretRow): CallbackSigningSecret {
    return {
      signingSecret: this.open(organizationId, row.signing_secret),
      createdAt: row.created_at.toISOString(),
    };
  }
}
