import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from './after-first-paint';

/** A PerformanceObserver that reports the paints the test says the browser made. */
class FakePaintObserver {
  static current: FakePaintObserver | undefined;
  observed: unknown;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    FakePaintObserver.current = this;
  }
  observe(options: unknown) {
    this.observed = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstPaint', () => {
  const original = globalThis.PerformanceObserver;
  beforeEach(() => {
    jest.useFakeTimers();
    FakePaintObserver.current = undefined;
    globalThis.PerformanceObserver = FakePaintObserver as unknown as typeof PerformanceObserver;
    document.body.innerHTML = '<main id="main"><div id="section-marketing"></div></main>';
  });
  afterEach(() => {
    globalThis.PerformanceObserver = original;
    jest.useRealTimers();
  });

  const servePrerendered = () => {
    document.getElementById('section-marketing')!.innerHTML = '<div data-prerendered><h1>Hello</h1></div>';
  };

  it('starts at once on a page served without content: the code draws it', async () => {
    expect(await settled(afterFirstPaint())).toBe(true);
    expect(FakePaintObserver.current).toBeUndefined();
  });

  it('waits for the first contentful paint of a prerendered page, not for any paint', async () => {
    servePrerendered();
    const painted = afterFirstPaint();
    expect(FakePaintObserver.current!.observed).toEqual({ type: 'paint', buffered: true });
    FakePaintObserver.current!.paint('first-paint');
    expect(await settled(painted)).toBe(false);
    FakePaintObserver.current!.paint('first-contentful-paint');
    expect(await settled(painted)).toBe(true);
    expect(FakePaintObserver.current!.disconnected).toBe(true);
  });

  it('starts anyway when no paint is reported in time', async () => {
    servePrerendered();
    const painted = afterFirstPaint();
    jest.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(painted)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(painted)).toBe(true);
  });

  it('starts when the tab is hidden, where no frame comes', async () => {
    servePrerendered();
    const painted = afterFirstPaint();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(painted)).toBe(true);
  });
});
