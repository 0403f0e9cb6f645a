import { useEffect, type MouseEvent } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import EventIcon from '@mui/icons-material/EventAvailableRounded';
import { prepareScheduler, scheduleCall } from './scheduler';

export type ScheduleCallButtonProps = ButtonProps & {
  /** What to do when the popup cannot open; default: go to /contact. */
  onUnavailable?: () => void;
};

/** 'Schedule a Call': the scheduling widget's popup, or the contact page when it is not there. */
export function ScheduleCallButton({
  onClick,
  onUnavailable,
  children = 'Schedule a Call',
  ...props
}: ScheduleCallButtonProps) {
  useEffect(() => {
    void prepareScheduler();
  }, []);
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    void scheduleCall(onUnavailable);
  };
  return (
    <Button startIcon={<EventIcon />} {...props} onClick={open}>
      {children}
    </Button>
  );
}
