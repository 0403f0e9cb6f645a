import type {
  BookCallRequest,
  BookingResponse,
  OpenSlotsResponse,
  RescheduleBookingRequest,
} from '@portal/contracts';
import { lazyApi } from '@portal/store';

const managePath = (token: string) => `/crm/booking/manage/${encodeURIComponent(token)}`;

/**
 * The company's own booking (crm's `/api/crm/booking`, ADR 0232): the open slots, booking one, and the
 * mail's manage link: the booking, cancelling and rescheduling it. A change reads the slots again.
 */
const bookingApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['OpenSlots', 'ManagedBooking'] }).injectEndpoints({
    endpoints: (build) => ({
      openSlots: build.query<OpenSlotsResponse, void>({
        query: () => '/crm/booking/slots',
        providesTags: ['OpenSlots'],
      }),
      bookCall: build.mutation<BookingResponse, BookCallRequest>({
        query: (body) => ({ url: '/crm/booking', method: 'POST', body }),
        invalidatesTags: ['OpenSlots'],
      }),
      managedBooking: build.query<BookingResponse, string>({
        query: managePath,
        providesTags: ['ManagedBooking'],
      }),
      cancelBooking: build.mutation<BookingResponse, string>({
        query: (token) => ({ url: `${managePath(token)}/cancel`, method: 'POST' }),
        invalidatesTags: ['OpenSlots', 'ManagedBooking'],
      }),
      rescheduleBooking: build.mutation<BookingResponse, { token: string } & RescheduleBookingRequest>({
        query: ({ token, slotId }) => ({
          url: `${managePath(token)}/reschedule`,
          method: 'POST',
          body: { slotId },
        }),
        invalidatesTags: ['OpenSlots', 'ManagedBooking'],
      }),
    }),
    // The shell and the marketing section each bundle this library, so each injects it once.
    overrideExisting: true,
  }),
);

export const loadBookingApi = bookingApi.load;
export const useOpenSlotsQuery = bookingApi.hook('useOpenSlotsQuery');
export const useBookCallMutation = bookingApi.hook('useBookCallMutation');
export const useManagedBookingQuery = bookingApi.hook('useManagedBookingQuery');
export const useCancelBookingMutation = bookingApi.hook('useCancelBookingMutation');
export const useRescheduleBookingMutation = bookingApi.hook('useRescheduleBookingMutation');
