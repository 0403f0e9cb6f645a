export { renderPage } from './render-page';
export { stubFetch } from './stub-fetch';
export type { StubbedAnswer, StubbedCall, StubbedRoutes } from './stub-fetch';
export { customer, customerMe } from './customer';
export { contactMessageCreated } from './lead-answers';
export { tabLabels, tabsOf } from './tabs';
export { checkingSession, signedOut } from './sessions';
