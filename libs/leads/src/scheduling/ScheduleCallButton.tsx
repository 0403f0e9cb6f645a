import { useEffect, type MouseEvent } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import EventIcon from '@mui/icons-material/EventAvailableRounded';
import { useLocation, useNavigate } from 'react-router-dom';
import { BOOKING_SECTION_ID, CONTACT_PATH, prepareScheduler, scheduleCall } from './scheduler';

export type ScheduleCallButtonProps = ButtonProps & {
  /** What to do when the popup cannot open; default: go to /contact. */
  onUnavailable?: () => void;
};

/**
 * 'Schedule a Call': the scheduling widget's popup, or the contact page's booking section when it is
 * not there (the company's own open times when no scheduler is configured, ADR 0232).
 */
export function ScheduleCallButton({
  onClick,
  onUnavailable,
  children = 'Schedule a Call',
  ...props
}: ScheduleCallButtonProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    void prepareScheduler();
  }, []);
  // The default when the popup cannot open: the contact page's booking section, beside a form that always works.
  const goToContactPage = () => {
    if (pathname !== CONTACT_PATH) void navigate(`${CONTACT_PATH}#${BOOKING_SECTION_ID}`);
  };
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    void scheduleCall(onUnavailable ?? goToContactPage);
  };
  return (
    <Button startIcon={<EventIcon />} {...props} onClick={open}>
      {children}
    </Button>
  );
}
