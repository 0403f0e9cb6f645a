import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from '../support/customer';

// Issue 16: 'Apply Now' opens a job application form of its own, with a CV checked by its content,
// stored by crm as an application (not a sales lead), with its own confirmation.

const pdf = (name = 'Jordan Ellis CV.pdf') => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

async function openApplication(page: Page, role: string) {
  await page.goto('/careers');
  await page.getByRole('button', { name: `Apply Now for ${role}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for a role' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('careers application', () => {
  test('an application with its CV reaches crm through the gateway and is confirmed', async ({ page }) => {
    let leads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) leads += 1;
    });
    const dialog = await openApplication(page, 'Sales Development Representative');
    await expect(dialog.getByLabel('Role')).toHaveValue('Sales Development Representative');
    await dialog.getByLabel('Full Name').fill('Jordan Ellis');
    await dialog.getByLabel('Email').fill(uniqueEmail('applicant'));
    await dialog.getByLabel('Location').fill('Austin, United States');
    await dialog
      .getByLabel('LinkedIn or portfolio links (optional)')
      .fill('https://www.linkedin.com/in/jordan');
    await dialog.getByLabel('CV file').setInputFiles(pdf());
    await expect(dialog.getByText('Jordan Ellis CV.pdf')).toBeVisible();

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/careers/applications'));
    await dialog.getByRole('button', { name: 'Send Application' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'received',
    });

    const confirmation = page.getByRole('dialog', { name: 'Application received' });
    await expect(confirmation.getByRole('status')).toContainText(
      'Thank you, Jordan Ellis. Your application for Sales Development Representative and your CV (Jordan Ellis CV.pdf) have reached our recruiting team.',
    );
    await confirmation.getByRole('button', { name: 'Close' }).last().click();
    await expect(confirmation).toBeHidden();
    expect(leads).toBe(0);
  });

  test('a file that is not a PDF or DOCX is refused at once and nothing is sent', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/careers/applications')) sent += 1;
    });
    const dialog = await openApplication(page, 'Customer Service Representative');
    await dialog.getByLabel('CV file').setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('\x89PNG\r\n\x1a\n not a CV'),
    });
    await expect(dialog.getByText('Your CV must be a PDF or a Word (DOCX) document')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send Application' }).click();
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    expect(sent).toBe(0);
  });

  test('on a phone the form is a full-screen sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await openApplication(page, 'Team Lead - Operations');
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);
    await expect(dialog.getByRole('button', { name: /Attach CV/ })).toBeVisible();
  });
});
