import type { IntegrationType } from '@portal/contracts';

/**
 * The CRMs and dialers a customer can connect, with their product names. Kept here rather than imported
 * (the contracts' list sits beside zod schemas); the Record type makes the compiler hold it to the
 * contract's list.
 */
export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  zoho: 'Zoho',
  twilio: 'Twilio',
  dialpad: 'Dialpad',
  ringcentral: 'RingCentral',
};

export const INTEGRATION_TYPES = Object.keys(INTEGRATION_TYPE_LABELS) as IntegrationType[];
