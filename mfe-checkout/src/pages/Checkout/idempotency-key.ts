import type { CartItem } from '@portal/store';

/**
 * Where the key for the cart being paid is kept: the browser's, so every tab paying this cart sends
 * the same key and reaches the same order (commerce serialises them), across reloads.
 */
const STORAGE_KEY = 'checkout.idempotency';

interface StoredKey {
  cart: string;
  key: string;
}

/** The cart as the order sees it: plans and quantities, in a stable order. */
export const cartSignature = (items: readonly Pick<CartItem, 'packageId' | 'quantity'>[]): string =>
  items
    .map(({ packageId, quantity }) => `${packageId}*${quantity}`)
    .sort()
    .join(',');

/** The same key for the page when localStorage is blocked. */
let remembered: StoredKey | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The Idempotency-Key for paying this cart: the same while the cart is the same (a reload or a retry
 * gets the order made the first time), a new one as soon as the cart changes.
 */
export function idempotencyKeyFor(signature: string): string {
  let stored = remembered;
  try {
    stored = (JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as StoredKey | null) ?? remembered;
  } catch {
    // unreadable: what this page remembers, or a new key
  }
  if (stored?.cart === signature && typeof stored.key === 'string') return stored.key;
  remembered = { cart: signature, key: newKey() };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // storage blocked: the page remembers the key
  }
  return remembered.key;
}

/** After an order completed, failed or was canceled: paying the same cart again is a new order. */
export function forgetIdempotencyKey(): void {
  remembered = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
