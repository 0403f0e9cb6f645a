import { watchNavigation } from './navigation-effects';

function routeTo(path: string) {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new Event('single-spa:routing-event'));
}

function preferReducedMotion(matches: boolean) {
  window.matchMedia = (query: string) => ({ matches, media: query }) as MediaQueryList;
}

describe('watchNavigation', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('scrolls smoothly to the top and replays the page transition on each route change', () => {
    preferReducedMotion(false);
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const main = document.createElement('main');
    watchNavigation(main);
    routeTo('/pricing');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(main).toHaveClass('page-enter');
    scrollTo.mockClear();
    window.dispatchEvent(new Event('single-spa:routing-event'));
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('neither animates nor smooth-scrolls under prefers-reduced-motion', () => {
    preferReducedMotion(true);
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const main = document.createElement('main');
    watchNavigation(main);
    routeTo('/about');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    expect(main).not.toHaveClass('page-enter');
    scrollTo.mockRestore();
  });
});
