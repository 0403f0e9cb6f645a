import { startStandalone } from '@portal/ui/standalone';
import { DashboardRoot } from './Root';

startStandalone(<DashboardRoot />);
