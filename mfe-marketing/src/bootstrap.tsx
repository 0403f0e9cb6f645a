import { startStandalone } from '@portal/ui';
import { MarketingRoot } from './Root';

startStandalone(<MarketingRoot />);
