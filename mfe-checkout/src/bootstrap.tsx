import { startStandalone } from '@portal/ui';
import { CheckoutRoot } from './Root';

startStandalone(<CheckoutRoot />);
