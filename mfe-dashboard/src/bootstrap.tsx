import { startStandalone } from '@portal/ui';
import { DashboardRoot } from './Root';

startStandalone(<DashboardRoot />);
