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

  it('scrolls to the section a link names (#id) once the section has rendered it, not to the top', async () => {
    preferReducedMotion(false);
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrollIntoView = jest.fn();
    watchNavigation(document.createElement('main'));
    routeTo('/services#outbound-sales');
    expect(scrollTo).not.toHaveBeenCalled();

    // The services page renders a moment later (its section loads first).
    const section = document.createElement('section');
    section.id = 'outbound-sales';
    section.scrollIntoView = scrollIntoView;
    document.body.append(section);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });

    // Another section of the same page: the address changes only in its hash.
    const other = document.createElement('section');
    other.id = 'ai-automation';
    other.scrollIntoView = jest.fn();
    document.body.append(other);
    routeTo('/services#ai-automation');
    expect(other.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollTo).not.toHaveBeenCalled();
    section.remove();
    other.remove();
    scrollTo.mockRestore();
  });
});
