import { readToken } from './token';
import { newTraceparent } from './trace-context';

/**
 * Downloads a file the services answer only with the signed-in user's token (a plain link cannot send
 * it: invoices, ticket attachments) and saves it as `fileName` from a Blob, so the browser never
 * renders it in the portal's origin. Rejects with the spec's error text ("404: Attachment not found":
 * the body's `message` when it is JSON, else its text) when the service refuses.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(path, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), traceparent: newTraceparent() },
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = text || response.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`${response.status}: ${message}`);
  }
  saveFile(await response.blob(), fileName);
}

/** Saves `contents` as a file called `fileName`: the browser's download, never a page of its own. */
export function saveFile(contents: Blob, fileName: string): void {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
