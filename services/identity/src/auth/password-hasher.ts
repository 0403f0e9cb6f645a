import { availableParallelism } from 'node:os';
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

/**
 * At most this many hashes run at once, leaving a core to the event loop: a burst of sign-ins
 * queues here instead of starving every other request of CPU.
 */
/**
 * Whether `password` is the one `storedHash` was made from (false without a hash or with a bad one),
 * for the seeds, which run outside the app and its hashing queue.
 */
export async function passwordMatches(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  return verify(storedHash, password).catch(() => false);
}

export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

@Injectable()
export class PasswordHasher implements OnModuleInit {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private decoyHash!: string;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  async onModuleInit(): Promise<void> {
    this.decoyHash = await hash('decoy password 0', ARGON2_OPTIONS);
  }

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, ARGON2_OPTIONS));
  }

  /** False for a wrong password and for a missing hash, after the same amount of work. */
  async verify(storedHash: string | null, password: string): Promise<boolean> {
    try {
      const matches = await this.limited(() => verify(storedHash ?? this.decoyHash, password));
      return matches && storedHash !== null;
    } catch {
      return false;
    }
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_CONCURRENT_HASHES)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
