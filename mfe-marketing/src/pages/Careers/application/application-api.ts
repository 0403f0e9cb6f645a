import { type ApplicationResponse, JOB_APPLICATIONS_PATH } from '@portal/contracts';

const UNREACHABLE = 'We could not reach our server. Please check your connection and try again.';
const FAILED = 'Your application could not be sent. Please try again.';

/**
 * `POST /api/careers/applications` with the form as multipart (the fields and the CV). Resolves
 * with the answer; rejects with an Error whose message is for the applicant: the server's own
 * (a refused field, or how long to wait after too many applications) when it sent one.
 */
export async function sendApplication(form: FormData): Promise<ApplicationResponse> {
  let response: Response;
  try {
    response = await fetch(JOB_APPLICATIONS_PATH, { method: 'POST', body: form });
  } catch {
    throw new Error(UNREACHABLE);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as ApplicationResponse;
  const message = (body as { message?: unknown } | null)?.message;
  throw new Error(typeof message === 'string' && message ? message : FAILED);
}
