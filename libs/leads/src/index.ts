export { ContactForm } from './contact/ContactForm';
export type { ContactDetails, ContactFormProps } from './contact/ContactForm';
export { InlineScheduler, INLINE_SCHEDULER_MIN_HEIGHT } from './scheduling/InlineScheduler';
export type { InlineSchedulerProps } from './scheduling/InlineScheduler';
export { ScheduleCallButton } from './scheduling/ScheduleCallButton';
export type { ScheduleCallButtonProps } from './scheduling/ScheduleCallButton';
export { CONTACT_PATH, prepareScheduler, scheduleCall } from './scheduling/scheduler';
