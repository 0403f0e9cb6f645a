import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser, OrgRole } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';

/** What a session row's `sess` holds (sessions are sid, sess, expire). */
export interface SessionData {
  userId: string;
  createdAt: string;
  address: string;
  userAgent: string | null;
  /** When the session was last used (ISO), kept to the minute; absent until its first minute is over. */
  lastSeenAt?: string;
}

/** One of an account's live sessions, as its settings page lists them. */
export interface LiveSession {
  id: string;
  address: string;
  userAgent: string | null;
  signedInAt: string;
  lastSeenAt: string;
}

/** A session's `lastSeenAt` is written at most this often. */
const LAST_SEEN_PRECISION_MS = 60_000;

export interface NewSession {
  sessionId: string;
  expiresAt: Date;
}

/** The signed-in user as identity's routes see them (`request.session.user`). */
export interface SessionUser extends AuthUser {
  /** The organization the token acts in (`org`), its membership checked live; null when none. */
  organizationId: string | null;
  /** The member's current role in `organizationId`; null when there is none. */
  orgRole: OrgRole | null;
}

/** A live session's user, with their membership of the organization asked about (null when none). */
export interface SessionLookup extends AuthUser {
  membership: { organizationId: string; role: OrgRole; version: number } | null;
}

type DeletedSessions = [{ sid: string; expire: Date }[], number];

/**
 * Ends every session of the user, in the caller's transaction: call it with the change of the user's
 * password or role (the staff and demo seeds, a password reset, a team role change), so no token
 * issued under the old ones outlives them. Each session's `portal.sessions.revoked` goes out through
 * the outbox, as on sign-out. Answers how many sessions ended.
 */
export async function revokeSessionsAfterCredentialChange(
  manager: EntityManager,
  userId: string,
): Promise<number> {
  const [deleted]: DeletedSessions = await manager.query(
    `DELETE FROM sessions WHERE sess->>'userId' = $1 RETURNING sid, expire`,
    [userId],
  );
  await announceRevoked(manager, userId, deleted);
  return deleted.length;
}

/**
 * Ends every session of the user but `keepSessionId`, in the caller's transaction (a password
 * changed from a signed-in session, 'Sign out all other sessions'); answers how many ended.
 */
export async function revokeOtherSessions(
  manager: EntityManager,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const [deleted]: DeletedSessions = await manager.query(
    `DELETE FROM sessions WHERE sess->>'userId' = $1 AND sid <> $2 RETURNING sid, expire`,
    [userId, keepSessionId],
  );
  await announceRevoked(manager, userId, deleted);
  return deleted.length;
}

/** Enqueues `portal.sessions.revoked` for each deleted session, so other services refuse its token too. */
async function announceRevoked(
  manager: EntityManager,
  userId: string,
  sessions: DeletedSessions[0],
): Promise<void> {
  const revokedAt = new Date().toISOString();
  for (const { sid, expire } of sessions) {
    await enqueueCatalogEvent(manager, 'sessionRevoked', {
      sessionId: sid,
      userId,
      revokedAt,
      expiresAt: expire.toISOString(),
    });
  }
}

/**
 * Server-side sessions: every access token names one (`sid`), and a token is honoured only while its
 * session row exists and has not expired. Sign-out deletes the row and announces the revocation so
 * services that verify tokens on their own stop honouring it too.
 */
@Injectable()
export class SessionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(
    manager: EntityManager,
    userId: string,
    ttlSeconds: number,
    client: { address: string; userAgent: string | null },
  ): Promise<NewSession> {
    const sessionId = randomUUID();
    const data: SessionData = { userId, createdAt: new Date().toISOString(), ...client };
    const [row]: { expire: Date }[] = await manager.query(
      `INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, now() + make_interval(secs => $3)) RETURNING expire`,
      [sessionId, JSON.stringify(data), ttlSeconds],
    );
    return { sessionId, expiresAt: row!.expire };
  }

  /**
   * The user of a live session: the session must exist, be unexpired and belong to `userId`; with
   * their membership of `organizationId` (the token's `org`) as it is now, or null. The session's
   * `lastSeenAt` becomes now when it is a minute old or more (the write is skipped otherwise).
   */
  async findUser(
    sessionId: string,
    userId: string,
    organizationId: string | null = null,
  ): Promise<SessionLookup | null> {
    const now = Date.now();
    const rows: (AuthUser & { orgId: string | null; orgRole: OrgRole | null; version: string | null })[] =
      await this.dataSource.query(
        `WITH seen AS (
           UPDATE sessions SET sess = jsonb_set(sess, '{lastSeenAt}', to_jsonb($3::text))
            WHERE sid = $1 AND expire > now() AND sess->>'userId' = $2::text
              AND coalesce(sess->>'lastSeenAt', sess->>'createdAt') < $4
         )
         SELECT u.id, u.name, u.email, u.role,
                m.organization_id AS "orgId", m.role AS "orgRole", m.version
           FROM sessions s
           JOIN public_users u ON u.id = $2::uuid
           LEFT JOIN memberships m ON m.organization_id = $5::uuid AND m.user_id = u.id
          WHERE s.sid = $1 AND s.expire > now() AND s.sess->>'userId' = $2::text`,
        [
          sessionId,
          userId,
          new Date(now).toISOString(),
          new Date(now - LAST_SEEN_PRECISION_MS).toISOString(),
          organizationId,
        ],
      );
    const row = rows[0];
    if (!row) return null;
    const { orgId, orgRole, version, ...user } = row;
    return {
      ...user,
      membership: orgId && orgRole && version ? { organizationId: orgId, role: orgRole, version: Number(version) } : null,
    };
  }

  /** When the session ends (its token's expiry); null when it is gone or over, or not the user's. */
  async expiryOf(sessionId: string, userId: string, manager: EntityManager = this.dataSource.manager): Promise<Date | null> {
    const rows: { expire: Date }[] = await manager.query(
      `SELECT expire FROM sessions WHERE sid = $1 AND sess->>'userId' = $2 AND expire > now()`,
      [sessionId, userId],
    );
    return rows[0]?.expire ?? null;
  }

  /** The user's live sessions, `currentSessionId` first, then the most recently seen. */
  listLive(userId: string, currentSessionId: string): Promise<LiveSession[]> {
    return this.dataSource.query(
      `SELECT sid AS id, sess->>'address' AS address, sess->>'userAgent' AS "userAgent",
              sess->>'createdAt' AS "signedInAt",
              coalesce(sess->>'lastSeenAt', sess->>'createdAt') AS "lastSeenAt"
         FROM sessions
        WHERE sess->>'userId' = $1 AND expire > now()
        ORDER BY sid = $2 DESC, "lastSeenAt" DESC, sid`,
      [userId, currentSessionId],
    );
  }

  /** Ends every other session of the user, announcing each; answers how many ended. */
  revokeOthers(userId: string, keepSessionId: string): Promise<number> {
    return this.dataSource.transaction((manager) => revokeOtherSessions(manager, userId, keepSessionId));
  }

  /** Deletes the session and enqueues `portal.sessions.revoked`; false when it was already gone. */
  revoke(sessionId: string, userId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [deleted]: DeletedSessions = await manager.query(
        `DELETE FROM sessions WHERE sid = $1 AND sess->>'userId' = $2 RETURNING sid, expire`,
        [sessionId, userId],
      );
      await announceRevoked(manager, userId, deleted);
      return deleted.length > 0;
    });
  }

  async pruneExpired(): Promise<number> {
    const [, deleted] = await this.dataSource.query(`DELETE FROM sessions WHERE expire < now()`);
    return Number(deleted ?? 0);
  }
}
