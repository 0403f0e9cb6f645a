import type { ChatState } from '@portal/contracts';

/** A chat's state in words (never by colour alone), from the viewing staffer's side. */
export function chatStateLabel(state: ChatState, mine: boolean): string {
  switch (state) {
    case 'waiting':
      return 'Waiting for an answer';
    case 'active':
      return mine ? 'Active · yours' : 'Active · another staff member';
    case 'closed':
      return 'Ended';
    case 'converted':
      return 'Became a ticket';
  }
}
