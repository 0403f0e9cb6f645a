import { startStandalone } from '@portal/ui/standalone';
import { MarketingRoot } from './Root';

startStandalone(<MarketingRoot />);
