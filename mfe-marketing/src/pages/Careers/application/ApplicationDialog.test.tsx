import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationMessages, CV_MAX_BYTES } from '@portal/contracts';
import { renderPage } from '@portal/web-testing';
import ApplicationDialog from './ApplicationDialog';

const ROLES = ['Customer Service Representative', 'AI Automation Specialist'];

interface Sent {
  url: string;
  method: string;
  form: FormData;
}

/** Answers `POST /api/careers/applications` with `status` and `body`; returns what was sent. */
function stubApplications(status: number, body: unknown, headers: Record<string, string> = {}): Sent[] {
  const sent: Sent[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', form: init?.body as FormData });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  return sent;
}

const pdf = (name = 'Ada Lovelace CV.pdf') =>
  new File(['%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'], name, { type: 'application/pdf' });

function open() {
  renderPage(<ApplicationDialog open role="AI Automation Specialist" roles={ROLES} onClose={() => {}} />, {
    route: '/careers',
  });
  return screen.getByRole('dialog', { name: 'Apply for a role' });
}

async function fillIn(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/Full Name/), 'Ada Lovelace');
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'ada@example.com');
  await userEvent.type(within(dialog).getByLabelText(/Location/), 'Manila, Philippines');
  await userEvent.type(within(dialog).getByLabelText(/links/), 'https://www.linkedin.com/in/ada');
}

const attach = (dialog: HTMLElement, file: File) =>
  fireEvent.change(within(dialog).getByLabelText('CV file'), { target: { files: [file] } });

afterEach(() => jest.restoreAllMocks());

describe('ApplicationDialog', () => {
  it('sends the fields and the CV as multipart, then confirms the application in its own words', async () => {
    const sent = stubApplications(201, { id: '0b9d6f8e-4c1a-4f7e-9a59-6f1f2d3c4b5a', status: 'received' });
    const dialog = open();
    await fillIn(dialog);
    attach(dialog, pdf());
    expect(await within(dialog).findByText('Ada Lovelace CV.pdf (45 bytes)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Application' }));

    const confirmation = await screen.findByRole('dialog', { name: 'Application received' });
    expect(within(confirmation).getByRole('status')).toHaveTextContent(
      'Thank you, Ada Lovelace. Your application for AI Automation Specialist and your CV (Ada Lovelace CV.pdf) have reached our recruiting team.',
    );
    expect(
      within(within(confirmation).getByRole('status')).getByRole('button', { name: 'Close' }),
    ).toHaveFocus();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/careers/applications', method: 'POST' });
    const { form } = sent[0];
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'AI Automation Specialist',
      location: 'Manila, Philippines',
      links: 'https://www.linkedin.com/in/ada',
    });
    expect((form.get('cv') as File).name).toBe('Ada Lovelace CV.pdf');
  });

  it('says what is missing, the CV included, and sends nothing', async () => {
    const sent = stubApplications(201, {});
    const dialog = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Application' }));
    expect(within(dialog).getByLabelText(/Full Name/)).toHaveAccessibleDescription(
      applicationMessages.nameRequired,
    );
    expect(within(dialog).getByLabelText(/Full Name/)).toHaveFocus();
    expect(within(dialog).getByLabelText(/Location/)).toHaveAccessibleDescription(
      applicationMessages.locationRequired,
    );
    expect(within(dialog).getByRole('button', { name: /Attach CV/ })).toHaveAccessibleDescription(
      `No file chosen ${applicationMessages.cvRequired}`,
    );
    expect(sent).toHaveLength(0);
  });

  it.each([
    [
      'a text file named .pdf',
      new File(['just some text'], 'cv.pdf', { type: 'application/pdf' }),
      applicationMessages.cvWrongType,
    ],
    [
      'a file over 5 MB',
      new File([new Uint8Array(CV_MAX_BYTES + 1)], 'big.pdf'),
      applicationMessages.cvTooLarge,
    ],
  ])('refuses %s as soon as it is chosen, and does not send it', async (_label, file, message) => {
    const sent = stubApplications(201, {});
    const dialog = open();
    await fillIn(dialog);
    attach(dialog, file);
    await waitFor(() => expect(within(dialog).getByText(message)).toBeInTheDocument());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Application' }));
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal, how long to wait included, and keeps what was typed", async () => {
    const message = 'Too many applications from your network. Please try again in 42 minutes.';
    stubApplications(429, { statusCode: 429, message }, { 'retry-after': '2520' });
    const dialog = open();
    await fillIn(dialog);
    attach(dialog, pdf());
    await within(dialog).findByText(/Ada Lovelace CV\.pdf/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Application' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText(/Email/)).toHaveValue('ada@example.com');
    expect(within(dialog).getByText(/Ada Lovelace CV\.pdf/)).toBeInTheDocument();
  });
});
