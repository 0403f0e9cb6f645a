import type { CartLead } from '@portal/contracts';
import type { ContactDetails } from '@portal/leads';
import type { CartItem, SessionUser } from '@portal/store';

/** The cart as sales receive it: each plan with its monthly price as an amount ("1499.00"). */
export function toCartLead(items: readonly CartItem[]): CartLead {
  return {
    items: items.map(({ packageId, name, price, quantity }) => ({
      packageId,
      name,
      price: price.toFixed(2),
      quantity,
    })),
  };
}

/** The signed-in customer's name and email, so only what is missing is typed ("Ann Lee" → Ann / Lee). */
export function contactDetailsOf(user: SessionUser | null): ContactDetails {
  if (!user) return {};
  const [firstName = '', ...rest] = user.name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' '), email: user.email };
}
