import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/contracts';
import { enqueueCatalogEvent } from '@portal/events';
import type { DataSource, EntityManager } from 'typeorm';

/** What a session row's `sess` holds (sessions are sid, sess, expire). */
export interface SessionData {
  userId: string;
  createdAt: string;
  address: string;
  userAgent: string | null;
}

export interface NewSession {
  sessionId: string;
  expiresAt: Date;
}

export interface SessionUser extends AuthUser {
  organizationId: string | null;
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

  /** The user of a live session: the session must exist, be unexpired and belong to `userId`. */
  async findUser(sessionId: string, userId: string): Promise<SessionUser | null> {
    const rows: SessionUser[] = await this.dataSource.query(
      `SELECT u.id, u.name, u.email, u.role, u.organization_id AS "organizationId"
         FROM sessions s
         JOIN public_users u ON u.id = $2
        WHERE s.sid = $1 AND s.expire > now() AND s.sess->>'userId' = $2::text`,
      [sessionId, userId],
    );
    return rows[0] ?? null;
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
