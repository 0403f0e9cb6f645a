import type { ReactElement } from 'react';
import type { RootState } from '@portal/store';
import { customer, renderPage, signedOut, stubFetch } from '@portal/web-testing';

// The mail link pages' tests: opening a link, and the server refusing it. Imported by tests only.

/** A signed-in customer's session. */
export const signedIn: Partial<RootState> = { session: { hasToken: true, user: customer, checking: false } };

/** Opens `page` at `path` with `?token=<token>` (or the `search` given), for a visitor in `state`. */
export const linkOpener =
  (page: ReactElement, path: string, token: string) =>
  (search = `?token=${token}`, state: Partial<RootState> = signedOut) =>
    renderPage(page, { route: `${path}${search}`, state });

/** The server refuses the link's call (`'POST /api/…'`) with `status` and its message. */
export const refuseLink = (route: string, message: string, status = 400) =>
  stubFetch({ [route]: { status, body: { statusCode: status, message } } });
