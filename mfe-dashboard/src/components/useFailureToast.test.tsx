import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { renderPage, type StubbedAnswer } from '@portal/web-testing';
import { loadDashboardApi, useOrdersQuery } from '../api/dashboard-api';
import { signedInCustomer, stubDashboardApi } from '../pages/Dashboard/dashboard-fixtures';
import { useFailureToast } from './useFailureToast';

/** One of several components showing the same list; the first offers a retry. */
function OrdersReader({ retry = false }: { retry?: boolean }) {
  const orders = useOrdersQuery();
  useFailureToast(orders, 'Failed to fetch orders');
  if (!retry) return null;
  return (
    <Button onClick={() => void orders.refetch()} disabled={orders.isFetching}>
      Retry
    </Button>
  );
}

describe('useFailureToast', () => {
  beforeAll(() => loadDashboardApi());
  afterEach(() => jest.restoreAllMocks());

  it('toasts each failure once however many components read the query, and again when a retry fails', async () => {
    let answer: StubbedAnswer = { status: 500, body: { statusCode: 500, message: 'Database unavailable' } };
    stubDashboardApi({ 'GET /api/user/orders': () => answer });
    const { store } = renderPage(
      <>
        <OrdersReader retry />
        <OrdersReader />
      </>,
      { state: signedInCustomer },
    );
    // `lastId` counts every toast shown.
    const toastsShown = () => store.getState().toast.lastId;

    await waitFor(() => expect(toastsShown()).toBe(1));
    expect(store.getState().toast.current).toMatchObject({
      title: 'Failed to fetch orders',
      description: 'Database unavailable',
      severity: 'error',
    });
    const retry = screen.getByRole('button', { name: 'Retry' });
    await waitFor(() => expect(retry).toBeEnabled());
    expect(toastsShown()).toBe(1);

    answer = { status: 502, body: '' };
    await userEvent.click(retry);
    await waitFor(() => expect(toastsShown()).toBe(2));
    expect(store.getState().toast.current).toMatchObject({
      title: 'Failed to fetch orders',
      severity: 'error',
    });
    expect(store.getState().toast.current?.description).toBeUndefined();

    answer = { status: 200, body: [] };
    await userEvent.click(retry);
    await waitFor(() => expect(retry).toBeEnabled());
    expect(toastsShown()).toBe(2);
  });
});
