import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCatalogApi } from './catalog-api';
import { renderPage, stubFetch } from '@portal/web-testing';
import Pricing from './Pricing';

const PACKAGES = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Essential Support',
    price: '1500.00',
    description: 'Business-hours inbound support on phone and email.',
    features: ['Phone and email support', 'Monthly performance reports'],
    isActive: true,
    createdAt: '2026-11-01T09:00:00.000Z',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Growth 24/7',
    price: '4999.00',
    description: 'Round-the-clock support on every channel.',
    features: ['24/7 coverage', 'AI bots for routine requests'],
    isActive: true,
    createdAt: '2026-11-01T09:00:00.000Z',
  },
];

const UNAVAILABLE = { status: 503, body: { statusCode: 503, message: 'Service commerce is unavailable' } };

/** The figure shown for a result (a `<dt>` label followed by its `<dd>` value). */
const result = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** Focuses a slider as Tab would, then presses a key on it. */
async function press(slider: string, key: string) {
  act(() => screen.getByRole('slider', { name: slider }).focus());
  await userEvent.keyboard(key);
}

function renderPricing(packagesAnswer: Parameters<typeof stubFetch>[0][string] = UNAVAILABLE) {
  const calls = stubFetch({ 'GET /api/packages': packagesAnswer });
  renderPage(<Pricing />, { route: '/pricing' });
  return calls;
}

describe('Pricing', () => {
  // RTK Query arrives on first use; load it once so the catalog section does not suspend.
  beforeAll(() => loadCatalogApi());
  afterEach(() => jest.restoreAllMocks());

  it('states the custom-quote terms', () => {
    renderPricing();
    for (const term of ['No hidden fees', 'Scale as you grow', 'No long-term contracts', 'Month-to-month']) {
      expect(screen.getByRole('heading', { level: 3, name: term })).toBeInTheDocument();
    }
  });

  it('shows both calculators at the spec defaults, with labelled sliders that read out their values', () => {
    renderPricing();
    expect(result('Revenue lost per month')).toBe('$30,000');
    expect(result('Revenue lost per year')).toBe('$360,000');
    expect(result('Monthly savings')).toBe('$6,000');
    expect(result('Yearly savings')).toBe('$72,000');
    expect(result('Return on investment')).toBe('150%');
    expect(result('Your cost with us per month')).toBe('$4,000');

    const expected = [
      ['Missed calls per day', '1', '200', '50', '50 calls'],
      ['Average order value', '10', '1000', '100', '$100'],
      ['Conversion rate', '5', '50', '20', '20%'],
      ['Current monthly support cost', '1000', '50000', '10000', '$10,000'],
      ['Team size', '1', '50', '5', '5 agents'],
      ['Hours of coverage per day', '4', '24', '8', '8 hours'],
    ];
    for (const [name, min, max, value, text] of expected) {
      const slider = screen.getByRole('slider', { name });
      expect({ name, min: slider.getAttribute('min'), max: slider.getAttribute('max') }).toEqual({
        name,
        min,
        max,
      });
      expect(slider).toHaveValue(value);
      expect(slider).toHaveAttribute('aria-valuetext', text);
    }
  });

  it('recomputes the missed-calls loss as a slider moves with the keyboard', async () => {
    renderPricing();
    await press('Missed calls per day', '{ArrowRight}');
    // 51 calls × 20% × $100 × 30 days
    expect(result('Revenue lost per month')).toBe('$30,600');
    expect(result('Revenue lost per year')).toBe('$367,200');

    await press('Average order value', '{End}');
    expect(screen.getByRole('slider', { name: 'Average order value' })).toHaveAttribute(
      'aria-valuetext',
      '$1,000',
    );
    expect(result('Revenue lost per month')).toBe('$306,000');
  });

  it('recomputes the savings from the monthly cost only, not team size or hours', async () => {
    renderPricing();
    await press('Current monthly support cost', '{ArrowRight}');
    expect(screen.getByRole('slider', { name: 'Current monthly support cost' })).toHaveValue('10500');
    expect(result('Monthly savings')).toBe('$6,300');
    expect(result('Yearly savings')).toBe('$75,600');

    await press('Team size', '{End}');
    await press('Hours of coverage per day', '{Home}');
    expect(screen.getByRole('slider', { name: 'Team size' })).toHaveAttribute('aria-valuetext', '50 agents');
    expect(result('Monthly savings')).toBe('$6,300');
    expect(result('Return on investment')).toBe('150%');
  });

  it("lists the catalog's packages when the catalog answers", async () => {
    const calls = renderPricing({ status: 200, body: PACKAGES });
    expect(await screen.findByRole('heading', { level: 3, name: 'Essential Support' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Growth 24/7' })).toBeInTheDocument();
    expect(screen.getByText('$1,500')).toBeInTheDocument();
    expect(screen.getByText('$4,999')).toBeInTheDocument();
    expect(screen.getAllByText('per month')).toHaveLength(2);
    expect(screen.getByText('Business-hours inbound support on phone and email.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Growth 24/7 features' })).toHaveTextContent(
      'AI bots for routine requests',
    );
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/packages' })]);
  });

  it("puts a package in the cart with 'Add to Cart', naming the plan in the toast", async () => {
    localStorage.clear();
    stubFetch({ 'GET /api/packages': { status: 200, body: PACKAGES } });
    const { store } = renderPage(<Pricing />, { route: '/pricing' });
    const addButtons = await screen.findAllByRole('button', { name: 'Add to Cart' });
    expect(addButtons[1]).toHaveAccessibleDescription('Growth 24/7');
    await userEvent.click(addButtons[1]);
    await userEvent.click(addButtons[1]);
    await userEvent.click(addButtons[0]);
    expect(store.getState().cart.items).toEqual([
      { packageId: PACKAGES[1].id, name: 'Growth 24/7', price: 4999, quantity: 2 },
      { packageId: PACKAGES[0].id, name: 'Essential Support', price: 1500, quantity: 1 },
    ]);
    expect(store.getState().toast.current).toMatchObject({
      title: 'Added to cart',
      description: 'Essential Support is in your cart.',
    });
  });

  it('leaves the packages out, with no error, while the catalog is unavailable', async () => {
    const calls = renderPricing(UNAVAILABLE);
    await waitFor(() => expect(calls).toHaveLength(1));
    // Let the failed answer reach the store and the page re-render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Popular starting points' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/503|unavailable|failed/i)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'ROI Calculator' })).toBeInTheDocument();
  });
});
