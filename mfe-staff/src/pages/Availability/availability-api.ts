import type {
  CreateSlotRequest,
  StaffBookingsResponse,
  StaffSlot,
  StaffSlotsResponse,
} from '@portal/contracts';
import { lazyApi } from '@portal/store';

/**
 * The Availability page's calls (crm's `/api/crm/staff/availability` and `/bookings`, `@StaffOnly()`):
 * the published slots with who booked them, adding and removing a slot, and the upcoming bookings.
 * A change reads both lists again.
 */
const availabilityApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['StaffAvailability'] }).injectEndpoints({
    endpoints: (build) => ({
      staffSlots: build.query<StaffSlotsResponse, void>({
        query: () => '/crm/staff/availability',
        providesTags: ['StaffAvailability'],
      }),
      staffBookings: build.query<StaffBookingsResponse, void>({
        query: () => '/crm/staff/bookings',
        providesTags: ['StaffAvailability'],
      }),
      addSlot: build.mutation<StaffSlot, CreateSlotRequest>({
        query: (body) => ({ url: '/crm/staff/availability', method: 'POST', body }),
        invalidatesTags: ['StaffAvailability'],
      }),
      removeSlot: build.mutation<void, string>({
        query: (id) => ({ url: `/crm/staff/availability/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['StaffAvailability'],
      }),
    }),
  }),
);

export const loadAvailabilityApi = availabilityApi.load;
export const useStaffSlotsQuery = availabilityApi.hook('useStaffSlotsQuery');
export const useStaffBookingsQuery = availabilityApi.hook('useStaffBookingsQuery');
export const useAddSlotMutation = availabilityApi.hook('useAddSlotMutation');
export const useRemoveSlotMutation = availabilityApi.hook('useRemoveSlotMutation');
