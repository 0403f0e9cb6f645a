/** The terms of every custom quote. */
export const QUOTE_TERMS = [
  {
    title: 'No hidden fees',
    text: 'One clear monthly price for the coverage we agree on. Setup, training and reporting are included.',
  },
  {
    title: 'Scale as you grow',
    text: 'Add agents, channels or hours for a launch or a busy season, and scale back when it is over.',
  },
  {
    title: 'No long-term contracts',
    text: 'Stay because the results are good, not because a contract says so.',
  },
  {
    title: 'Month-to-month',
    text: 'Plans renew monthly. Cancel with 30 days’ notice; plan changes take effect from your next billing cycle.',
  },
] as const;
