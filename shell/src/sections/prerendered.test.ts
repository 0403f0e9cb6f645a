import { removePrerendered, removeStalePrerendered } from './prerendered';

describe('removePrerendered', () => {
  const slot = document.createElement('div');

  beforeEach(() => {
    document.head.innerHTML = [
      '<title data-prerendered data-default="Contact-center outsourcing | Millstone CX">Pricing | Millstone CX</title>',
      '<meta name="description" content="Custom quotes." data-prerendered data-default="The site in one line.">',
      '<meta property="og:image" content="https://www.example.com/og-image.png" data-prerendered data-default="/og-image.png">',
      '<link rel="canonical" href="https://www.example.com/pricing" data-prerendered>',
      '<script type="application/ld+json" data-prerendered>{}</script>',
      '<style data-prerendered>body{margin:0}</style>',
      '<meta name="theme-color" content="#0A1020">',
    ].join('');
    slot.innerHTML = '<div data-prerendered inert><h1>Pricing</h1></div>';
  });

  it("takes the page's content out of the slot", () => {
    removePrerendered(slot);
    expect(slot).toBeEmptyDOMElement();
  });

  it("puts the shell's defaults back and drops the tags that only described the page", () => {
    removePrerendered(slot);
    expect(document.title).toBe('Contact-center outsourcing | Millstone CX');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'The site in one line.',
    );
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      '/og-image.png',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.head.querySelectorAll('[data-default]')).toHaveLength(0);
  });

  it('keeps the styles and everything that was not prerendered', () => {
    removePrerendered(slot);
    expect(document.head.querySelector('style[data-prerendered]')).not.toBeNull();
    expect(document.head.querySelector('meta[name="theme-color"]')).not.toBeNull();
  });

  it('leaves a slot the section has rendered into alone', () => {
    slot.innerHTML = '<section><h1>Pricing</h1></section>';
    removePrerendered(slot);
    expect(slot.querySelector('h1')).not.toBeNull();
  });
});

describe('removeStalePrerendered', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<link rel="canonical" href="https://www.example.com/pricing" data-prerendered>';
    document.body.innerHTML = [
      '<main id="main">',
      '<div id="section-marketing"><div data-prerendered><h1>Pricing</h1></div></div>',
      '<div id="section-checkout"></div>',
      '</main>',
    ].join('');
  });

  it('takes away the copy of a section the address no longer shows, and its head tags', () => {
    removeStalePrerendered(null);
    expect(document.getElementById('section-marketing')).toBeEmptyDOMElement();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('keeps the copy, and the head, of the section the address shows', () => {
    removeStalePrerendered('marketing');
    expect(document.getElementById('section-marketing')).not.toBeEmptyDOMElement();
    expect(document.head.querySelector('link[rel="canonical"]')).not.toBeNull();
    removeStalePrerendered('checkout');
    expect(document.getElementById('section-marketing')).toBeEmptyDOMElement();
  });
});
