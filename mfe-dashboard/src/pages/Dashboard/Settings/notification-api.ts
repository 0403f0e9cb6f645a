import type { NotificationSettings } from '@portal/contracts';
import { lazyApi } from '@portal/store';

/** The account's notification settings (identity): whether ticket emails are sent. */
const notificationApi = lazyApi((api) =>
  api.enhanceEndpoints({ addTagTypes: ['NotificationSettings'] }).injectEndpoints({
    endpoints: (build) => ({
      notificationSettings: build.query<NotificationSettings, void>({
        query: () => '/account/notifications',
        providesTags: ['NotificationSettings'],
      }),
      saveNotificationSettings: build.mutation<NotificationSettings, NotificationSettings>({
        query: (body) => ({ url: '/account/notifications', method: 'PUT', body }),
        invalidatesTags: ['NotificationSettings'],
      }),
    }),
  }),
);

export const loadNotificationApi = notificationApi.load;
export const useNotificationSettingsQuery = notificationApi.hook('useNotificationSettingsQuery');
export const useSaveNotificationSettingsMutation = notificationApi.hook(
  'useSaveNotificationSettingsMutation',
);
