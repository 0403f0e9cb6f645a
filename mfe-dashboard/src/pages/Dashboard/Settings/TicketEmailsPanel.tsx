import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import MarkEmailUnreadRounded from '@mui/icons-material/MarkEmailUnreadRounded';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { LoadError } from '../../../components/LoadError';
import { SettingsPanel } from './SettingsPanel';
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './notification-api';

/** The switch's label, which is also what a screen reader says of it. */
export const TICKET_EMAILS_LABEL = 'Email me when support replies or changes the status of my tickets';

/**
 * Ticket emails: on (the default), support's replies and status changes of the member's tickets are
 * mailed to them; off, they see them in the dashboard only. Saved as soon as it is switched.
 */
export function TicketEmailsPanel() {
  const dispatch = useAppDispatch();
  const settings = useNotificationSettingsQuery();
  const [save, saving] = useSaveNotificationSettingsMutation();
  // While saving, the switch shows what was asked for; a failure puts it back.
  const checked = saving.isLoading ? saving.originalArgs!.ticketEmails : settings.data?.ticketEmails;

  const change = async (ticketEmails: boolean) => {
    try {
      await save({ ticketEmails }).unwrap();
      dispatch(
        showToast({
          title: ticketEmails ? 'Ticket emails turned on' : 'Ticket emails turned off',
          severity: 'success',
        }),
      );
    } catch (error) {
      dispatch(
        showToast({
          title: 'Failed to save notification settings',
          description: serverMessage(error),
          severity: 'error',
        }),
      );
    }
  };

  let content;
  if (checked !== undefined) {
    content = (
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => void change(event.target.checked)}
            disabled={saving.isLoading}
          />
        }
        label={TICKET_EMAILS_LABEL}
      />
    );
  } else if (settings.isError) {
    content = (
      <LoadError title="We could not load your email settings." onRetry={() => void settings.refetch()} />
    );
  } else {
    content = <Skeleton variant="rounded" height={38} aria-label="Loading email settings" />;
  }

  return (
    <SettingsPanel
      title="Ticket emails"
      description="Whatever you choose, every reply and change is on the ticket's page in the Support tab."
      icon={<MarkEmailUnreadRounded />}
    >
      {content}
    </SettingsPanel>
  );
}
