import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The e2e database persists between runs: every user gets an address of its own.
const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = 'harbor-lights-42';

/** A customer created through the API, for the sign-in tests. */
async function registeredCustomer(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail();
  const response = await request.post('/api/auth/register', {
    data: { name: 'Dana Whitfield', email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

const header = (page: Page) => page.getByRole('banner');

async function expectSignedInHeader(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Get a Quote' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
}

async function expectSignedOutHeader(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Get a Quote' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('sign up through the form, land on the customer dashboard signed in, then sign out for good', async ({
  page,
  request,
}) => {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Dana Whitfield');
  await page.getByLabel('Email Address').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await page.waitForURL('**/customer-dashboard');
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
  await expectSignedInHeader(page);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).toBeTruthy();
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/auth/me', { headers: bearer })).status()).toBe(200);

  await header(page).getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expectSignedOutHeader(page);
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('auth_token')]),
  ).toEqual([null, null]);
  // Signing out revoked the session on the server: the old token is refused.
  expect((await request.get('/api/auth/me', { headers: bearer })).status()).toBe(401);
});

test('log in from /login?redirect=/checkout and land on /checkout, still signed in after a reload', async ({
  page,
  request,
}) => {
  const email = await registeredCustomer(request);
  await page.goto('/login?redirect=/checkout');
  await signIn(page, email);

  await page.waitForURL('**/checkout');
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();
  await expectSignedInHeader(page);
  expect(
    await page.evaluate(() => [!!localStorage.getItem('token'), localStorage.getItem('auth_token')]),
  ).toEqual([true, null]);

  // A new page load finds the session through GET /api/auth/me.
  await page.reload();
  await expectSignedInHeader(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Cart is Empty' })).toBeVisible();
});

test('an open redirect (?redirect=https://evil.example) lands on /dashboard', async ({ page, request }) => {
  const email = await registeredCustomer(request);
  await page.goto('/login?redirect=https://evil.example');
  await signIn(page, email);

  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL ?? '').origin);
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
});

// Each passes a "one leading slash" check but resolves to `//evil.example`, which the browser refuses
// to navigate to: the customer was signed in yet saw 'Login failed' (issue 14, finding 4).
for (const redirect of ['/..//evil.example', '/%2e%2e//evil.example', '/./%2Fevil.example']) {
  test(`a redirect that resolves off the site (${redirect}) signs in and lands on /dashboard`, async ({
    page,
    request,
  }) => {
    const email = await registeredCustomer(request);
    await page.goto(`/login?redirect=${redirect}`);
    await signIn(page, email);

    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL ?? '').origin);
    await expect(page.getByText('Logged in successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' })).toBeVisible();
    await expect(page.getByText('Login failed')).toHaveCount(0);
  });
}

test("a wrong password says so above the form and in an 'Error' toast, and signs nobody in", async ({
  page,
  request,
}) => {
  const email = await registeredCustomer(request);
  await page.goto('/login');
  await signIn(page, email, 'not-the-password-1');

  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('alert').getByText('Error', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectSignedOutHeader(page);
});

/**
 * Watches the scripts `page` runs from now on; `withZod()` resolves with those that hold zod (its
 * error class keeps its name).
 */
function watchScriptsForZod(page: Page) {
  const found: Promise<string | null>[] = [];
  page.on('response', (response) => {
    // A 304 (a revalidated entry point) has no body here: the first load's answer was read.
    if (response.request().resourceType() !== 'script' || response.status() >= 300) return;
    found.push(response.text().then((body) => (body.includes('"ZodError"') ? response.url() : null)));
  });
  return {
    withZod: async () => (await Promise.all(found)).filter((url): url is string => url !== null),
  };
}

test('the sign-in and account pages run no schema library on their first render; a form brings it when used', async ({
  page,
}) => {
  const scripts = watchScriptsForZod(page);
  for (const path of ['/login', '/register', '/forgot-password', `/reset-password?token=${'Q'.repeat(43)}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await scripts.withZod(), `${path} ran zod`).toEqual([]);
  }

  // Using the form brings the schema: a submit with an empty name is told so, in the product's words.
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(await scripts.withZod()).not.toEqual([]);
});
