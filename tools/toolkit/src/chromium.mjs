// Debian's Chromium as the tools and the e2e suite launch it headless through Playwright (CHROMIUM_PATH
// for another).
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // A container's /dev/shm is 64 MB (a Docker build's too, where the pages are prerendered): too small
    // for Chromium's shared memory, which then crashes the page. /tmp instead.
    '--disable-dev-shm-usage',
  ],
};
