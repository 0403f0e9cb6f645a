import { can, orgRoleLabels } from '@portal/contracts';
import { selectSessionUser, useAppSelector } from '@portal/store';

/**
 * Whether the signed-in member may pay for the cart: owners, admins and billing members do. A visitor
 * not signed in yet, or whose role is still being read, is not refused here (sign-in and the server
 * decide). `refusal` is what the page says instead of offering payment.
 */
export function useCheckoutAllowed(): { allowed: boolean; refusal: string } {
  const user = useAppSelector(selectSessionUser);
  const role = user?.orgRole;
  const allowed = role == null || can(role, 'checkout.pay');
  const organization = user?.organizationName ?? 'your organization';
  return {
    allowed,
    refusal: role
      ? `As ${orgRoleLabels[role] === 'Admin' ? 'an' : 'a'} ${orgRoleLabels[role]} of ${organization} you cannot pay for orders. Ask an owner, admin or billing member of your organization to check out.`
      : '',
  };
}
