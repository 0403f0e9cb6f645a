import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  API_KEYS_PER_ORGANIZATION,
  type ApiKey,
  type ApiKeyExchangeResponse,
  apiKeyMessages,
  type ApiKeyScope,
  type ApiKeyStatus,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type RollApiKeyResponse,
} from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';
import { MembershipsService } from '../memberships/memberships.service';
import { type ActingMember, lockTeam } from '../team/acting-member';
import { auditEvents, TeamAuditService } from '../team/audit/team-audit.service';
import { TokenService } from '../tokens/token.service';
import { apiKeyHash, apiKeyVisiblePrefix, isApiKeyText, newApiKeyText } from './api-key-text';

/** A key's last use is written when the one known is older than this (or there is none). */
export const LAST_USED_PRECISION_SECONDS = 60;

/** A key's status, by the database's clock: revoked, else active (no end), expiring (end ahead), expired. */
const STATUS = `CASE WHEN k.revoked_at IS NOT NULL THEN 'revoked'
                     WHEN k.expires_at IS NULL THEN 'active'
                     WHEN k.expires_at > now() THEN 'expiring'
                     ELSE 'expired' END`;

const KEY_COLUMNS = `k.id, k.name, k.prefix, k.scopes, ${STATUS} AS status, k.created_at AS "createdAt",
       k.created_by AS "createdById", u.name AS "createdByName", k.last_used_at AS "lastUsedAt",
       k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt", k.rolled_from_id AS "rolledFromId",
       k.organization_id AS "organizationId"`;

const KEY_FROM = 'api_keys k LEFT JOIN public_users u ON u.id = k.created_by';

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  status: ApiKeyStatus;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  rolledFromId: string | null;
  organizationId: string;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdById ? { id: row.createdById, name: row.createdByName ?? '' } : null,
  lastUsedAt: iso(row.lastUsedAt),
  expiresAt: iso(row.expiresAt),
  revokedAt: iso(row.revokedAt),
  rolledFromId: row.rolledFromId,
});

const keyNotFound = () => new NotFoundException(apiKeyMessages.keyNotFound);

interface ExchangeRow {
  id: string;
  organizationId: string;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  userId: string | null;
  stale: boolean;
}

/**
 * The public API's keys (ADR 0200): the one access to `api_keys`. The Developers page creates, lists,
 * rolls and revokes an organization's keys (every query by the caller's organization, a key of another
 * is not found); the gateway exchanges a key for a short API token. A key's text exists only in the
 * answer that creates it: identity keeps its SHA-256 and its visible prefix.
 *
 * Every change locks the organization's row and reads the actor's role again (`lockTeam`), so the
 * count of live keys holds and a member who just lost `developers.manage` cannot act; the change, its
 * audit entry and (revoke, roll) its `portal.apikeys.changed` commit together.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly memberships: MembershipsService,
    private readonly audit: TeamAuditService,
    private readonly tokens: TokenService,
  ) {}

  /** The organization's keys, newest first: never their text. */
  async list(organizationId: string): Promise<ApiKey[]> {
    const rows: ApiKeyRow[] = await this.dataSource.query(
      `SELECT ${KEY_COLUMNS} FROM ${KEY_FROM}
        WHERE k.organization_id = $1
        ORDER BY k.created_at DESC, k.id DESC`,
      [organizationId],
    );
    return rows.map(toApiKey);
  }

  /** A new key with `name` and `scopes`; its text is in this answer only. 409 past the organization's limit. */
  create(actor: ActingMember, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
    return this.dataSource.transaction(async (manager) => {
      await lockTeam(manager, this.memberships, actor, 'developers.manage');
      await this.assertRoomFor(manager, actor.organizationId, 1);
      const created = await this.insertKey(
        manager,
        actor,
        request.name,
        request.scopes as ApiKeyScope[],
        null,
      );
      await this.audit.record(
        manager,
        actor.organizationId,
        actor,
        auditEvents.apiKeyCreated(actor, created),
      );
      return created;
    });
  }

  /**
   * A new key with the old one's name and scopes (`rolled_from_id`); the old one works `graceHours`
   * more (0: it ends now). Only an active key rolls: 409 keyNotActive for a revoked or expired one,
   * keyAlreadyRolled for one already rolled (its replacement rolls instead).
   */
  roll(actor: ActingMember, id: string, graceHours: number): Promise<RollApiKeyResponse> {
    return this.dataSource.transaction(async (manager) => {
      await lockTeam(manager, this.memberships, actor, 'developers.manage');
      const old = await this.findForUpdate(manager, actor.organizationId, id);
      if (old.status === 'expiring') throw new ConflictException(apiKeyMessages.keyAlreadyRolled);
      if (old.status !== 'active') throw new ConflictException(apiKeyMessages.keyNotActive);
      // With a grace, the old key keeps counting until it ends: one more live key than before.
      if (graceHours > 0) await this.assertRoomFor(manager, actor.organizationId, 1);
      await manager.query(
        `UPDATE api_keys SET expires_at = now() + make_interval(hours => $2) WHERE id = $1`,
        [old.id, graceHours],
      );
      const key = await this.insertKey(manager, actor, old.name, old.scopes, old.id);
      const previous = await this.findForUpdate(manager, actor.organizationId, old.id);
      await this.announce(manager, previous);
      await this.audit.record(
        manager,
        actor.organizationId,
        actor,
        auditEvents.apiKeyRolled(actor, previous, graceHours),
      );
      return { key, previous: toApiKey(previous) };
    });
  }

  /** Ends the key at once; a key revoked before is answered as it is (no second event or entry). */
  revoke(actor: ActingMember, id: string): Promise<ApiKey> {
    return this.dataSource.transaction(async (manager) => {
      await lockTeam(manager, this.memberships, actor, 'developers.manage');
      const key = await this.findForUpdate(manager, actor.organizationId, id);
      if (key.revokedAt) return toApiKey(key);
      await manager.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
      const revoked = await this.findForUpdate(manager, actor.organizationId, key.id);
      await this.announce(manager, revoked);
      await this.audit.record(
        manager,
        actor.organizationId,
        actor,
        auditEvents.apiKeyRevoked(actor, revoked),
      );
      return toApiKey(revoked);
    });
  }

  /**
   * The gateway's exchange: for a key that is well formed, known, not revoked and not past its end, a
   * short API token acting for the key's organization with its scopes; else null (one answer for every
   * refusal). The key is found by its SHA-256 through the unique index only (one probe, no comparison
   * of secrets in code). `usr` is the key's creator, or the organization's first owner once the
   * creator's account is gone. Last use is written when the one known is a minute old or more.
   */
  async exchange(key: string): Promise<ApiKeyExchangeResponse | null> {
    if (!isApiKeyText(key)) return null;
    const [row]: ExchangeRow[] = await this.dataSource.query(
      `SELECT k.id, k.organization_id AS "organizationId", k.scopes, k.expires_at AS "expiresAt",
              coalesce(k.created_by, (SELECT m.user_id FROM memberships m
                                       WHERE m.organization_id = k.organization_id AND m.role = 'owner'
                                       ORDER BY m.created_at, m.user_id LIMIT 1)) AS "userId",
              (k.last_used_at IS NULL OR k.last_used_at <= now() - make_interval(secs => $2)) AS stale
         FROM api_keys k
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())`,
      [apiKeyHash(key), LAST_USED_PRECISION_SECONDS],
    );
    if (!row?.userId) return null;
    if (row.stale) {
      await this.dataSource.query(
        `UPDATE api_keys SET last_used_at = now()
          WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - make_interval(secs => $2))`,
        [row.id, LAST_USED_PRECISION_SECONDS],
      );
    }
    const { token, expiresAt } = await this.tokens.signApiToken({
      keyId: row.id,
      organizationId: row.organizationId,
      scopes: row.scopes,
      userId: row.userId,
      keyExpiresAt: row.expiresAt,
    });
    return {
      keyId: row.id,
      organizationId: row.organizationId,
      scopes: row.scopes,
      keyExpiresAt: iso(row.expiresAt),
      token,
      tokenExpiresAt: expiresAt.toISOString(),
    };
  }

  /** 409 tooManyKeys when `adding` more live keys (active or expiring) would pass the limit. */
  private async assertRoomFor(manager: EntityManager, organizationId: string, adding: number): Promise<void> {
    const [{ live }]: { live: number }[] = await manager.query(
      `SELECT count(*)::int AS live FROM api_keys
        WHERE organization_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [organizationId],
    );
    if (live + adding > API_KEYS_PER_ORGANIZATION) throw new ConflictException(apiKeyMessages.tooManyKeys);
  }

  /** The organization's key `id`, locked for the transaction; 404 for any other organization's. */
  private async findForUpdate(
    manager: EntityManager,
    organizationId: string,
    id: string,
  ): Promise<ApiKeyRow> {
    const [row]: ApiKeyRow[] = await manager.query(
      `SELECT ${KEY_COLUMNS} FROM ${KEY_FROM}
        WHERE k.id = $1 AND k.organization_id = $2
          FOR UPDATE OF k`,
      [id, organizationId],
    );
    if (!row) throw keyNotFound();
    return row;
  }

  private async insertKey(
    manager: EntityManager,
    actor: ActingMember,
    name: string,
    scopes: ApiKeyScope[],
    rolledFromId: string | null,
  ): Promise<CreatedApiKey> {
    const key = newApiKeyText();
    const [{ id }]: { id: string }[] = await manager.query(
      `INSERT INTO api_keys (organization_id, name, prefix, key_hash, scopes, created_by, rolled_from_id)
       VALUES ($1, $2, $3, $4, $5::text[], $6, $7) RETURNING id`,
      [actor.organizationId, name, apiKeyVisiblePrefix(key), apiKeyHash(key), scopes, actor.id, rolledFromId],
    );
    const row = await this.findForUpdate(manager, actor.organizationId, id);
    return { ...toApiKey(row), key };
  }

  /** `portal.apikeys.changed` in the change's transaction: the gateway forgets what it knew of the key. */
  private async announce(manager: EntityManager, key: ApiKeyRow): Promise<void> {
    await enqueueCatalogEvent(manager, 'apiKeyChanged', {
      keyId: key.id,
      organizationId: key.organizationId,
      revokedAt: iso(key.revokedAt),
      expiresAt: iso(key.expiresAt),
    });
  }
}
