import { localStore as storage } from '../local-storage';
import { clampQuantity, MAX_CART_LINES, type CartItem } from './cart-item';

/** The cart survives reloads and sign-in in localStorage under this key. */
export const CART_STORAGE_KEY = 'cart';

/** One stored line, or null when it is not a cart line (a tampered or corrupt entry is dropped). */
function sanitiseLine(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { packageId, name, price, quantity } = value as Record<string, unknown>;
  if (typeof packageId !== 'string' || !packageId || typeof name !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 1) return null;
  return { ...value, packageId, name, price, quantity: clampQuantity(quantity) };
}

/** The stored cart, read defensively: anything unreadable counts as an empty cart. */
export function readStoredCart(): CartItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(CART_STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const value of parsed) {
    const line = sanitiseLine(value);
    if (line && items.length < MAX_CART_LINES && !items.some((item) => item.packageId === line.packageId)) {
      items.push(line);
    }
  }
  return items;
}

export function writeStoredCart(items: readonly CartItem[]): void {
  try {
    if (items.length) storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    else storage()?.removeItem(CART_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the cart still works for this page.
  }
}
