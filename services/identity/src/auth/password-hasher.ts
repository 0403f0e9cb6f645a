import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 runs on libuv's
 * thread pool, so hashing never blocks the event loop.
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private decoyHash!: string;

  async onModuleInit(): Promise<void> {
    this.decoyHash = await hash('decoy password 0', ARGON2_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password and for a missing hash, after the same amount of work. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await verify(storedHash ?? this.decoyHash, password);
      return matches && storedHash !== null;
    } catch {
      return false;
    }
  }
}
