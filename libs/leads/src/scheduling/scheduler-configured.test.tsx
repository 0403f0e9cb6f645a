import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router-dom';
import { stubFetch } from '@portal/web-testing';
import { InlineScheduler } from './InlineScheduler';
import { ScheduleCallButton } from './ScheduleCallButton';

const BOOKING_URL = 'https://calendly.com/millstone-cx/discovery-call';

describe('scheduling with a configured scheduler', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    stubFetch({ 'GET /runtime-config.json': { status: 200, body: { scheduler: { url: BOOKING_URL } } } });
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    delete window.Calendly;
  });

  it("loads the widget once, and until it has loaded 'Schedule a Call' warns and goes to /contact", async () => {
    render(
      <>
        <ScheduleCallButton />
        <ScheduleCallButton>Book a call</ScheduleCallButton>
      </>,
      { wrapper: BrowserRouter },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Call' }));

    expect(
      document.head.querySelectorAll('script[src="https://assets.calendly.com/assets/external/widget.js"]'),
    ).toHaveLength(1);
    expect(
      document.head.querySelectorAll('link[href="https://assets.calendly.com/assets/external/widget.css"]'),
    ).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      '[scheduling] The scheduling widget has not loaded; showing the contact page instead.',
    );
    expect(window.location.pathname).toBe('/contact');
  });

  it('opens the booking popup once the widget is there', async () => {
    const initPopupWidget = jest.fn();
    window.Calendly = { initPopupWidget };
    const beforeOpening = jest.fn();
    render(<ScheduleCallButton onClick={beforeOpening} />, { wrapper: BrowserRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Call' }));

    expect(beforeOpening).toHaveBeenCalledTimes(1);
    expect(initPopupWidget).toHaveBeenCalledWith({ url: BOOKING_URL });
    expect(warn).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
  });

  it('embeds the booking page inline, named and at least 700 px high', async () => {
    render(<InlineScheduler title="Book a discovery call" unavailable={<p>unavailable</p>} />);
    const frame = await screen.findByTitle('Book a discovery call');
    expect(frame.tagName).toBe('IFRAME');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(BOOKING_URL);
    expect(src.searchParams.get('embed_type')).toBe('Inline');
    expect(src.searchParams.get('embed_domain')).toBe(window.location.host);
    expect(parseFloat(getComputedStyle(frame).minHeight)).toBeGreaterThanOrEqual(700);
  });
});
