import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@portal/web-testing';
import { signedInAsStaff } from '../../testing/staff-fixtures';
import { AttachmentButton } from './AttachmentButton';

const file = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  fileName: 'call-log.pdf',
  contentType: 'application/pdf' as const,
  size: 2048,
};
const TICKET = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('AttachmentButton', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'staff-token');
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:call-log'), revokeObjectURL: jest.fn() });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    localStorage.clear();
  });

  it('reads the file with the staff token and saves it under its name', async () => {
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const fetched = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    renderPage(<AttachmentButton ticketId={TICKET} file={file} />, { state: signedInAsStaff });
    await userEvent.click(screen.getByRole('button', { name: 'call-log.pdf (2 KB)' }));
    await waitFor(() => expect(clicked).toEqual(['call-log.pdf blob:call-log']));
    const [url, init] = fetched.mock.calls[0]!;
    expect(url).toBe(`/api/support/staff/tickets/${TICKET}/attachments/${file.id}`);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer staff-token');
  });

  it('says so when the download is refused', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('{"statusCode":404,"message":"Attachment not found"}', { status: 404 }),
      );
    const { store } = renderPage(<AttachmentButton ticketId={TICKET} file={file} />, {
      state: signedInAsStaff,
    });
    await userEvent.click(screen.getByRole('button', { name: 'call-log.pdf (2 KB)' }));
    await waitFor(() =>
      expect(store.getState().toast.current?.title).toBe('call-log.pdf could not be downloaded'),
    );
    expect(store.getState().toast.current?.description).toContain('404');
  });
});
