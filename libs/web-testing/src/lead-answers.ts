import type { StubbedAnswer } from './stub-fetch';

/** `POST /api/contact` accepting a message, as the crm service answers it. */
export const contactMessageCreated: StubbedAnswer = {
  status: 201,
  body: { id: '5b2e9a4c-7a41-4c1e-9a55-0f6f1c1d2e3f', status: 'new' },
};
