import { useCallback, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import type { IntegrationsSummary, Kickoff, Ticket } from '@portal/contracts';
import { ScheduleCallButton } from '@portal/leads';
import { serverMessage, showToast, useAppDispatch } from '@portal/store';
import { useBookKickoffMutation, useKickoffQuery } from '../../../api/dashboard-api';
import { OutlinedList } from '../../../components/OutlinedList';
import { useFailureToast } from '../../../components/useFailureToast';
import { formatDate } from '@portal/ui/format-date';
import type { DashboardTab } from '../dashboard-tabs';
import { useCalendlyScheduled } from './useCalendlyScheduled';

export interface OnboardingChecklistProps {
  integrations: IntegrationsSummary | undefined;
  tickets: readonly Ticket[] | undefined;
  onOpenTab: (tab: DashboardTab) => void;
}

interface Step {
  title: string;
  detail: string;
  done: boolean;
  action: ReactNode;
}

const kickoffDetail = ({ bookedAt, eventUri }: Kickoff) =>
  eventUri
    ? `Booked on ${formatDate(bookedAt)}.`
    : `Requested on ${formatDate(bookedAt)}; our onboarding team will email you a time.`;

/**
 * A new customer's first three steps, each ticked from their own data: an integration, the
 * organisation's kickoff call (through the scheduling widget when there is one, else a request the
 * onboarding team answers by email) and a first ticket.
 */
export function OnboardingChecklist({ integrations, tickets, onOpenTab }: OnboardingChecklistProps) {
  const dispatch = useAppDispatch();
  const kickoffQuery = useKickoffQuery();
  useFailureToast(kickoffQuery, 'Failed to fetch kickoff call');
  const kickoff = kickoffQuery.data?.kickoff;
  const [bookKickoff, { isLoading: booking }] = useBookKickoffMutation();

  const book = useCallback(
    async (eventUri?: string) => {
      try {
        await bookKickoff(eventUri ? { eventUri } : {}).unwrap();
        dispatch(
          showToast(
            eventUri
              ? { title: 'Kickoff call booked', severity: 'success' }
              : {
                  title: 'Kickoff call requested',
                  description: 'Our onboarding team will email you to set a time.',
                  severity: 'success',
                },
          ),
        );
      } catch (error) {
        dispatch(
          showToast({
            title: 'Failed to book the kickoff call',
            description: serverMessage(error) ?? 'Please try again in a moment.',
            severity: 'error',
          }),
        );
      }
    },
    [bookKickoff, dispatch],
  );
  const recordScheduled = useCallback((eventUri: string) => void book(eventUri), [book]);
  useCalendlyScheduled(recordScheduled, !kickoff?.eventUri);

  const steps: Step[] = [
    {
      title: 'Connect an integration',
      detail: 'Link your CRM or dialer so calls and leads reach your KPIs.',
      done: (integrations?.configured ?? 0) > 0,
      action: (
        <Button variant="outlined" onClick={() => onOpenTab('Integrations')}>
          Add Integration
        </Button>
      ),
    },
    {
      title: 'Book the kickoff call',
      detail: kickoff ? kickoffDetail(kickoff) : 'Plan your launch with your onboarding team.',
      done: Boolean(kickoff),
      action: (
        <ScheduleCallButton variant="outlined" disabled={booking} onUnavailable={() => void book()}>
          Book Kickoff Call
        </ScheduleCallButton>
      ),
    },
    {
      title: 'Open a first ticket',
      detail: 'Ask our support team anything about your setup.',
      done: (tickets?.length ?? 0) > 0,
      action: (
        <Button variant="outlined" onClick={() => onOpenTab('Support')}>
          New Ticket
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography id="getting-started-title" variant="h4" component="h2" sx={{ mt: 5, mb: 2 }}>
        Getting Started
      </Typography>
      <OutlinedList labelledBy="getting-started-title">
        {steps.map(({ title, detail, done, action }) => (
          <Box
            component="li"
            key={title}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.5 }}
          >
            {done ? (
              <CheckCircleRounded color="success" aria-hidden />
            ) : (
              <RadioButtonUncheckedRounded color="action" aria-hidden />
            )}
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {detail}
              </Typography>
            </Box>
            {done ? <Chip label="Done" color="success" size="small" variant="outlined" /> : action}
          </Box>
        ))}
      </OutlinedList>
    </>
  );
}
