import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Savings from '@mui/icons-material/SavingsRounded';
import Bolt from '@mui/icons-material/BoltRounded';
import ThumbUp from '@mui/icons-material/ThumbUpRounded';
import TaskAlt from '@mui/icons-material/TaskAltRounded';
import SmartToy from '@mui/icons-material/SmartToyRounded';
import SupportAgent from '@mui/icons-material/SupportAgentRounded';

export interface Metric {
  value: string;
  label: string;
  context: string;
  Icon: ComponentType<SvgIconProps>;
}

/** The six results of the home page. */
export const METRICS: Metric[] = [
  {
    value: '60%',
    label: 'Cost reduction',
    context: 'versus running the same coverage in-house',
    Icon: Savings,
  },
  {
    value: '-35s',
    label: 'Faster resolution',
    context: 'shorter average handle time per contact',
    Icon: Bolt,
  },
  { value: '+28%', label: 'NPS increase', context: 'within the first six months', Icon: ThumbUp },
  {
    value: '97%',
    label: 'First-call resolution',
    context: 'issues solved without a callback',
    Icon: TaskAlt,
  },
  { value: '85%', label: 'Automation rate', context: 'routine requests handled by AI', Icon: SmartToy },
  {
    value: '24/7',
    label: 'Coverage',
    context: 'every day of the year, holidays included',
    Icon: SupportAgent,
  },
];
