import { startStandalone } from '@portal/ui/standalone';
import { CheckoutRoot } from './Root';

startStandalone(<CheckoutRoot />);
