import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketAttachment } from '@portal/contracts';
import { AttachFilesButton, ChosenFiles, useAttachmentUploads, type AttachmentUploads } from './index';

const WRONG_TYPE = 'Attach an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file';

/** The picker with an upload that refuses `page.png` (as the service does, its words in `data.message`). */
function Picker({ onUploads }: { onUploads: (uploads: AttachmentUploads) => void }) {
  const uploads = useAttachmentUploads(
    (file) =>
      file.name === 'page.png'
        ? Promise.reject({ status: 415, data: { message: WRONG_TYPE } })
        : Promise.resolve<TicketAttachment>({
            id: `id-${file.name}`,
            fileName: file.name,
            contentType: 'image/png',
            size: file.size,
          }),
    (reason) => (reason as { data?: { message?: string } }).data?.message,
  );
  onUploads(uploads);
  return (
    <>
      <ChosenFiles uploads={uploads} />
      <AttachFilesButton uploads={uploads} />
    </>
  );
}

const file = (name: string, size = 4) => {
  const made = new File(['1234'], name, { type: 'image/png' });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};
const choose = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('attachment-input'), { target: { files } });

describe('the attachment picker', () => {
  it('uploads each chosen file, lists it with its size and Remove, and gives the ids to send', async () => {
    let uploads: AttachmentUploads | undefined;
    render(<Picker onUploads={(current) => (uploads = current)} />);
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
    choose(file('graph.png', 2048));
    const list = await screen.findByRole('list', { name: 'Files to send' });
    await waitFor(() => expect(within(list).getByText('graph.png (2 KB)')).toBeVisible());
    expect(uploads!.ids).toEqual(['id-graph.png']);
    expect(uploads!.uploading).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove graph.png' }));
    expect(screen.queryByRole('list', { name: 'Files to send' })).not.toBeInTheDocument();
    expect(uploads!.ids).toEqual([]);
  });

  it('says why a file cannot go, on its own line, and takes no more than five', async () => {
    render(<Picker onUploads={() => {}} />);
    choose(file('huge.pdf', 11 * 1024 * 1024), file('empty.txt', 0), file('page.png'));
    expect(await screen.findByText('huge.pdf: Larger than 10 MB')).toBeVisible();
    expect(screen.getByText('empty.txt: The file is empty')).toBeVisible();
    expect(await screen.findByText(`page.png: ${WRONG_TYPE}`)).toBeVisible();
    choose(...[1, 2, 3, 4, 5, 6].map((n) => file(`shot-${n}.png`)));
    expect(screen.getByRole('alert')).toHaveTextContent('At most 5 attachments per message');
    await waitFor(() => expect(screen.getByText('shot-5.png (4 B)')).toBeVisible());
    expect(screen.queryByText(/shot-6/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
  });
});
