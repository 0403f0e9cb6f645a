/** What a caller adds to the cart: a plan's id, name and monthly price, plus any fields of its own. */
export interface NewCartItem {
  packageId: string;
  name: string;
  /** Monthly price in US dollars. */
  price: number;
  [field: string]: unknown;
}

/** A line of the cart: the plan and how many of it, from 1 to MAX_CART_QUANTITY. */
export interface CartItem extends NewCartItem {
  quantity: number;
}

/** The order API's limits (`@portal/contracts` commerce): quantity 1 to 100, at most 50 lines. */
export const MAX_CART_QUANTITY = 100;
export const MAX_CART_LINES = 50;

/** A quantity as the cart keeps it: whole, at most MAX_CART_QUANTITY (below 1 means "remove"). */
export const clampQuantity = (quantity: number): number => Math.min(Math.floor(quantity), MAX_CART_QUANTITY);
