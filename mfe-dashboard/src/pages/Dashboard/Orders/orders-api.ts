import type { OrderDetail, OrderPage } from '@portal/contracts';
import { lazyApi } from '@portal/store';

/** Where a page of the order list starts: null for the first page, else the previous page's `nextCursor`. */
type PageCursor = string | null;

export const orderPath = (id: string) => `/user/orders/${encodeURIComponent(id)}`;

/**
 * The Orders tab's calls (commerce): the organization's orders a page at a time with the cursor, and one
 * order with its totals, payment history and invoice. Both carry `Orders`, which a checkout (the
 * checkout section) invalidates.
 */
const ordersApi = lazyApi((api) =>
  api.injectEndpoints({
    endpoints: (build) => ({
      orderPages: build.infiniteQuery<OrderPage, void, PageCursor>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor,
        },
        query: ({ pageParam }) =>
          pageParam ? `/user/orders/page?cursor=${encodeURIComponent(pageParam)}` : '/user/orders/page',
        providesTags: ['Orders'],
      }),
      orderDetail: build.query<OrderDetail, string>({
        query: (id) => orderPath(id),
        providesTags: ['Orders'],
      }),
    }),
  }),
);

/** The Orders endpoints, once RTK Query (a chunk of its own) has loaded (tests load it up front). */
export const loadOrdersApi = ordersApi.load;
export const useOrderPagesInfiniteQuery = ordersApi.hook('useOrderPagesInfiniteQuery');
export const useOrderDetailQuery = ordersApi.hook('useOrderDetailQuery');
