// Zod-free: the store's base query compares every 401 with `membershipChanged`, on pages that load no
// schema.

export const INVITATION_INVALID_MESSAGE = 'This invitation link is not valid. Ask for a new invitation.';

export const teamMessages = {
  notAllowed: 'Your role in this organization does not allow this.',
  roleTooHigh: 'You cannot give a role above your own.',
  lastOwner: 'An organization needs an owner: transfer ownership to another member first.',
  notAMember: 'Member not found',
  alreadyMember: 'This person is already a member of the organization.',
  alreadyInvited: 'An invitation is already waiting for this email. Resend it instead.',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: INVITATION_INVALID_MESSAGE,
  invitationExpired: 'This invitation has expired. Ask for a new invitation.',
  invitationRevoked: 'This invitation was revoked. Ask for a new invitation.',
  invitationUsed: 'This invitation has already been used.',
  invitationOtherEmail:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
  membershipChanged: 'Your access to this organization changed. Please sign in again.',
  noOrganization: 'You are not a member of this organization.',
} as const;
