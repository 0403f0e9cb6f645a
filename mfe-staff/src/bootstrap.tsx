import { startStandalone } from '@portal/ui/standalone';
import { StaffRoot } from './Root';

startStandalone(<StaffRoot />);
