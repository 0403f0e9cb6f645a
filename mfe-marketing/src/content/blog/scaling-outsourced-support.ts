import { BRAND_NAME } from '@portal/ui';

export const scalingOutsourcedSupport = `
For retailers it is Black Friday through January returns. For tax preparers it is March and April, for travel companies the summer, for healthcare plans open enrollment. Almost every business has a season when contact volume doubles or triples for a few weeks. The traditional response, a hiring spree in the fall and layoffs in the new year, is expensive, slow and hard on everyone involved. There is a better way to absorb a surge, built on three pieces: flexible staffing, AI that deflects the predictable questions, and one shared knowledge base that lets new agents be useful on day one.

## The true cost of seasonal hiring

Seasonal hiring looks cheap on paper: temporary wages for a temporary need. In practice the costs stack up quickly:

- Recruiting fees and hours of interviews for roles that last eight to twelve weeks.
- Four to six weeks of training, often longer than the agents are productive.
- Supervisors pulled off the floor to coach new hires during the busiest weeks of the year.
- Lower first-call resolution and more escalations while new agents learn.
- Severance, unemployment insurance claims and morale effects when the season ends.

Worse, timing is a gamble. Hire too early and you pay for idle weeks; hire too late and your new agents are still in training when the peak hits.

**A peak season should be a planning problem, not a hiring problem.**

## Piece 1: Flexible staffing

An outsourced partner serves many clients with different peaks, so it can keep a bench of trained agents and move capacity where it is needed. Instead of building a team for your busiest week, you agree on a baseline and a surge plan:

### Forecast together

Share last year's volumes, this year's marketing calendar and any known events such as product launches, price changes or policy renewals. A good workforce management team turns those into a forecast by day and by 15-minute interval, and a staffing plan with a clear ramp-up and ramp-down date.

### Agree on surge triggers

Set the rules in advance: when the queue passes a target wait time, or daily volume passes a threshold, extra agents are added. With our model, onshore and offshore teams can both flex, and the offshore team in the Philippines covers overnight peaks without night-shift premiums.

### Pay for the hours you use

Month-to-month terms mean the surge ends when the season does. There is no layoff, no idle headcount and no long-term contract keeping you locked into peak capacity.

## Piece 2: AI deflection for predictable questions

Peak-season contacts are remarkably repetitive. During the holidays, "where is my order?", "can I change my delivery address?" and "how do I return this?" can make up most of the volume. These are exactly the questions AI chat and voice agents handle best: the answer lives in a system, the rules are clear and speed matters more than conversation.

Connected to your order management and shipping systems, an AI agent can give tracking details, start a return and book a callback in seconds, at any hour. On routine requests like these our clients see automation rates of up to 85%. Every contact the bot resolves is one your human agents do not have to take, so they can give their full attention to the damaged gift, the double charge and the customer who is about to cancel.

Set the bot up before the season starts, not during it. Test it on last year's real questions, decide when it hands a conversation to a person, and make sure the handoff passes the full context along.

## Piece 3: One knowledge base for everyone

A surge team is only as good as the information it works from. When answers live in the heads of veteran agents, in old email threads and in three different wikis, new agents put customers on hold to ask around. A single, searchable knowledge base changes that:

- One article per question, with the answer first and the details after.
- An owner for each topic and a review date, so nothing goes stale.
- Seasonal content, such as holiday return windows and shipping cut-offs, published before the peak.
- The same articles used by agents, by your help center and by your AI agent, so every channel says the same thing.

With this in place, new agents handle simple contacts within days rather than weeks, and quality holds up even when the floor is twice its usual size.

## A peak-season checklist

Start planning about three months before your busiest period:

- Pull last year's daily volume and contact reasons, and note what went wrong.
- Agree on the forecast, the surge triggers and the ramp-up and ramp-down dates with your partner.
- Review and update the knowledge base for the season's policies and promotions.
- Configure and test AI answers for the top five predictable questions.
- Schedule a dry run of escalation paths and reporting a few weeks before the peak.
- Decide which metrics you will watch daily during the season, and who acts on them.

## How we scale with our clients

${BRAND_NAME} runs 24/7 support for 500+ clients, with US-based management in Millstone, New Jersey, and onshore and offshore delivery teams that share one knowledge base and one quality standard. New programs go live in 5 to 10 business days, or 2 to 3 weeks for complex ones, which means you can still prepare for this year's peak if you start now. Our platform is built for 99.9% uptime, and its measured uptime for the last 90 days is public on our Service Status page, so you can see how the systems hold up before your busiest day.

Growth should feel like good news in the support queue too. With flexible staffing, AI deflection and a shared knowledge base, your next peak season can be the one your customers remember for the right reasons.
`;
