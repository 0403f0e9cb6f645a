import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router-dom';
import { stubFetch } from '@portal/web-testing';
import { InlineScheduler } from './InlineScheduler';
import { ScheduleCallButton } from './ScheduleCallButton';

// No SCHEDULER_URL: the gateway answers `{ scheduler: null }` (a fresh module registry per test file,
// so the runtime config is fetched once for this file).
describe('scheduling without a configured scheduler', () => {
  let calls: ReturnType<typeof stubFetch>;
  let warn: jest.SpyInstance;

  beforeEach(() => {
    calls = stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: null } } });
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/pricing');
  });
  afterEach(() => jest.restoreAllMocks());

  it("warns and sends the visitor to /contact from 'Schedule a Call', loading nothing from a third party", async () => {
    render(<ScheduleCallButton />, { wrapper: BrowserRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Call' }));

    expect(warn).toHaveBeenCalledWith(
      '[scheduling] No scheduling widget is configured (SCHEDULER_URL); showing the contact page instead.',
    );
    expect(window.location.pathname).toBe('/contact');
    expect(document.head.querySelector('script[src], link[href]')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/runtime-config.json']);
  });

  it('runs the given fallback instead, e.g. on the contact page itself', async () => {
    const fallback = jest.fn();
    render(<ScheduleCallButton onUnavailable={fallback}>Book a call</ScheduleCallButton>, {
      wrapper: BrowserRouter,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Book a call' }));
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/pricing');
  });

  it('shows what to do instead of the inline widget', async () => {
    render(<InlineScheduler title="Book a call" unavailable={<p>Send us a message instead.</p>} />);
    expect(await screen.findByText('Send us a message instead.')).toBeInTheDocument();
    expect(screen.queryByTitle('Book a call')).not.toBeInTheDocument();
  });
});
