export const reduceCustomerServiceCosts = `
Customer service is one of the few costs that grows every time your business succeeds. More customers mean more questions, more orders to track and more problems to solve, and for most companies the answer has been to hire more agents. That works until the payroll line starts growing faster than revenue. The good news: the same level of service, or a better one, can usually be delivered for far less. Across our 500+ clients, the average saving is 60% compared with running the same coverage in-house. Here is where that money comes from, and how to capture it without your customers noticing anything except faster answers.

## Where the money actually goes

Before cutting anything, find out what one contact really costs you. Most finance teams know the hourly wage of an agent; few know the fully loaded figure. A US agent paid $18 an hour typically costs $28 to $32 an hour once payroll taxes, benefits, supervision, office space, equipment and software seats are added. Then come the costs that never appear on a single line:

- **Attrition.** Contact centers commonly lose a third or more of their agents every year, and each replacement means recruiting, four to six weeks of training and months of lower productivity.
- **Idle time.** Teams staffed for the busiest hour of the busiest day sit partly idle for the rest of the week.
- **Overtime and after-hours premiums.** Covering nights, weekends and holidays in-house is expensive, so many companies simply do not, and lose those customers instead.
- **Tools per seat.** Telephony, ticketing, quality monitoring and workforce management licenses scale with headcount, not with results.

Divide the total by the number of contacts you resolve each month and you have your real cost per contact. It is the one number every decision below should move.

## Lever 1: Staff for demand, not for the worst hour

Contact volume is predictable. It follows the day, the week, your billing cycle and your marketing calendar. Workforce management that forecasts volume in 15-minute intervals lets you schedule people where the calls are, instead of keeping a full floor from 9 to 5. An outsourced partner adds a second advantage: a shared pool of trained agents who can be added for a product launch or holiday rush and released afterwards, so you pay for the hours you use rather than the headcount you might need.

## Lever 2: Let automation take the repetitive work

A large share of contacts are the same handful of questions: where is my order, how do I reset my password, what are your hours, can I change my appointment. AI chat and voice bots now resolve these end to end, at any hour, in seconds. On well-suited workloads our clients see up to 85% of routine requests handled without an agent. The saving is not only the contacts the bot closes; it is also the shorter queue for everything else, which cuts abandonment and the repeat calls that follow it.

**The goal of automation is not fewer conversations with people. It is making sure every conversation with a person is one that needs a person.**

## Lever 3: Blend onshore and offshore teams

Not every contact needs the same skill set or the same cost base. Our model pairs US-based management in Millstone, New Jersey, and onshore agents for complex, regulated or high-value conversations with offshore delivery teams in the Philippines for high-volume support, order management and overnight coverage. Agents in both locations work from the same knowledge base, the same quality scorecard and the same reporting, so customers get one consistent experience while you pay a blended rate well below an all-domestic team. This blend, more than any single tool, is where most of the 60% comes from.

## Lever 4: Remove the reasons customers call twice

Every repeat contact doubles the cost of a problem. The usual causes are easy to find once you look: an agent without the authority to issue a refund, a knowledge base article that is out of date, a confusing line on an invoice, a shipping email that does not include a tracking link. Tag the reason for every contact, review the top ten each month and fix the cause at the source. Teams that do this consistently reach first-call resolution rates in the high 90s; ours averages 97%.

**The cheapest contact is the one that never has to happen twice.**

## What "without losing quality" means in numbers

Cost projects fail when they are measured only in dollars. Agree on the quality measures before anything changes and track them weekly, so any slip shows up immediately:

- First-call resolution: the share of issues solved without a follow-up contact.
- Customer satisfaction (CSAT) or Net Promoter Score after each interaction.
- Average speed of answer and abandonment rate for each channel.
- Quality assurance scores from reviewed calls and chats against a shared scorecard.

If all four hold steady or improve while cost per contact falls, you have cut cost without cutting corners. In practice they usually improve: 24/7 coverage and shorter queues are visible to customers in a way a lower cost base never is.

## A realistic timeline

Savings do not have to wait for a year-long transformation. A typical engagement with us starts with an onboarding call within 24 hours of your first contact. Standard implementations go live in 5 to 10 business days; complex programs with several channels or regulated processes take 2 to 3 weeks. Most clients start with one queue, often after-hours or overflow, compare the results side by side with their in-house team for a month, and expand from there.

## Where to start this quarter

You can make progress before talking to any vendor:

- Calculate your fully loaded cost per contact, using the items listed above.
- Export last quarter's contacts and tag the top ten reasons customers got in touch.
- Identify which of those reasons could be answered by self-service or a bot.
- Chart volume by hour for a typical week and compare it with your staffing schedule.
- Pick one queue where a pilot would be low-risk and easy to measure.

With those five facts in hand, you will know exactly where your savings are, and you will be able to judge any proposal, including ours, on the numbers that matter. Our pricing is a custom quote built on your actual volumes, with no hidden fees and no long-term contracts, so the business case you build is the one you will pay.
`;
