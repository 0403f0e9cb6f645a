import { BRAND_NAME } from '@portal/ui';

export const whenToOutsourceCallCenter = `
Most companies do not decide to outsource their call center on a calm Tuesday afternoon. They decide after a bad holiday season, a string of one-star reviews about hold times, or the third resignation on the support team in a month. By then the damage is done. The better moment comes earlier, and the signs are visible in data you already have. Here are six of them, followed by a practical checklist for choosing a partner once you decide it is time.

## Six signs your support team has outgrown its setup

### 1. Your hold times rise every time you grow

If each new marketing campaign, product launch or big customer brings a spike in wait times and abandoned calls, your capacity is fixed while your demand is not. Hiring to catch up takes months: recruiting, onboarding and four to six weeks of training before a new agent is productive. An outsourced team can add trained agents for a surge in days and release them when volume settles.

### 2. Customers reach you only during business hours

Your customers shop, travel and run into problems at night and on weekends. If your phones go to voicemail at 6 p.m., you are sending those customers to a competitor that answers. Building 24/7 coverage in-house means night shifts, weekend premiums and a second layer of supervision. For most mid-sized businesses, outsourcing is the only way round-the-clock coverage makes financial sense.

### 3. Your best people spend their days on routine questions

When senior agents or, worse, managers and founders spend hours answering "where is my order?", the business pays a premium rate for basic work, and the complex cases wait. A partner can take the high-volume tier-one contacts while your in-house team focuses on escalations, key accounts and the work only they can do.

### 4. Turnover is eating your training budget

Contact centers commonly lose a third or more of their agents each year. Every departure costs recruiting fees, training hours, overtime for the rest of the team and a dip in quality while the replacement ramps up. If you feel like you are always hiring, a partner that carries that risk, and has a bench of trained agents ready, can stabilize service overnight.

### 5. You cannot see what is happening

Ask yourself whether you can answer these questions today: what is our first-call resolution rate, what are the top five reasons customers contact us, and which agent needs coaching on which skill? If the answers require a week of spreadsheet work, your operation has outgrown its tools. Established outsourcing partners bring workforce management, quality monitoring and real-time reporting that would cost a great deal to build alone.

### 6. Support costs are growing faster than revenue

Track cost per contact and support cost as a share of revenue over the last four quarters. If both are rising, scale is working against you. A partner with a blended onshore and offshore model and AI automation can typically deliver the same coverage for far less; our clients save 60% on average compared with their in-house cost.

**If three or more of these signs sound familiar, outsourcing is no longer a question of whether, but of which queues and with whom.**

## What to outsource first

You do not have to hand over everything at once. The lowest-risk starting points are usually:

- After-hours, weekend and holiday coverage.
- Overflow during peaks, with calls routed to the partner when your queue passes a set wait time.
- High-volume tier-one contacts such as order status, password resets and appointment changes.
- Outbound programs like lead follow-up, renewals and win-back campaigns.

Keep complex escalations, strategic accounts and anything that needs deep product knowledge in-house at first. Expand once the partner has proven itself on your own metrics.

## How to evaluate a partner

Sales presentations all look alike. These questions separate the partners who will run your program well from those who will simply staff it:

- **Where are the teams, and who manages them?** Ask where agents sit, where management sits and how the two work together day to day.
- **How fast can you start?** A credible partner can name a timeline. Ours is 5 to 10 business days for a standard program and 2 to 3 weeks for complex ones.
- **How do you measure quality?** Ask to see a real scorecard, how many interactions are reviewed each week and how coaching follows.
- **What will I see, and when?** Live dashboards beat monthly PDF reports. You should be able to see volume, service levels and satisfaction whenever you want.
- **Does it connect to my systems?** Your partner should work inside your CRM and help desk, not ask you to move. We connect to 200+ platforms.
- **What are the terms?** Be wary of long minimum commitments. Month-to-month terms with a reasonable notice period keep the partner motivated every month.

## How a transition should feel

A well-run transition is almost invisible to customers. It starts with a discovery session, usually within 24 hours of first contact, where the partner learns your products, policies and tone of voice. Knowledge is documented, agents are trained on your real scenarios and quality is checked before the first live contact. Many companies run the new team alongside their own for the first weeks and compare results side by side.

At ${BRAND_NAME}, US-based management in Millstone, New Jersey, runs every program, with onshore agents for complex and high-touch work and offshore delivery teams in the Philippines for high-volume and overnight support. Programs are priced as a custom quote on your actual volumes, with no hidden fees and no long-term contracts, and every new client is covered by a 30-day money-back guarantee.

The right time to outsource is before your customers feel the strain. If the signs above are showing up in your numbers, that time is probably now.
`;
