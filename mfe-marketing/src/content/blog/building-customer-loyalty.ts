export const buildingCustomerLoyalty = `
Acquiring a new customer costs several times more than keeping an existing one, yet most companies spend their energy on the first and leave the second to chance. Loyalty is rarely won by a clever rewards program. It is won, or lost, in the moments when a customer needs help. A fast, friendly, correct answer turns a one-time buyer into a repeat customer; a runaround turns them into a former one. Three habits make the difference more than any other: solving problems the first time, giving the same answer on every channel, and reaching out before the customer has to.

## Why service drives loyalty

Customers judge a company by how it behaves when something goes wrong. A delayed shipment, a billing error or a product that does not work as expected is a test of the relationship. Handle it well and the customer learns they can trust you; handle it badly and every competitor's ad starts to look attractive. Effort is the strongest predictor: the more work a customer has to do to get a problem solved, the less likely they are to buy again. Every transfer, every repeated explanation and every "we'll call you back" adds to that effort.

**Loyalty is the sum of the small moments when a customer needed you and you made it easy.**

## Habit 1: Solve it on the first contact

First-call resolution is the metric most closely tied to satisfaction, and for good reason. A customer whose problem is solved in one conversation barely remembers having had a problem. A customer who has to call three times remembers nothing else. Raising first-call resolution is less about agent talent than about what agents are allowed and equipped to do:

- **Authority.** Give agents clear limits within which they can refund, replace, credit or waive without asking a supervisor.
- **Information.** Put order history, past tickets and account details on one screen, so the agent sees the whole story at once.
- **Knowledge.** Keep one searchable knowledge base, owned by someone, and update it the same day a policy changes.
- **Feedback.** Review repeat contacts every week and fix the cause, whether it is a process, a product or an unclear message.

Our teams resolve 97% of issues on the first contact, and nearly all of that comes from these four basics being done every day.

## Habit 2: One answer, on every channel

Customers move between phone, email, chat, text and social media, often for the same issue. Nothing erodes trust faster than getting a different answer from each. Consistency needs a single source of truth behind every channel: the same knowledge base for agents and for your AI assistant, the same customer record whichever way the customer gets in touch, and the same tone of voice in every reply.

### Make the tone part of the standard

Tone is easy to overlook and hard to fake. Write down how your brand sounds when it apologizes, when it says no and when it celebrates with a customer, with real examples. Score it in quality reviews alongside accuracy. A customer should not be able to tell whether they are talking to an in-house agent, a partner's agent or a bot, except that they were helped well.

## Habit 3: Reach out before they do

The best support contact is the one the customer never had to start. Proactive service means telling customers about a problem before they discover it and offering the fix in the same message:

- A text when a delivery will be late, with the new date and an option to reschedule.
- An email when a payment fails, with a one-click link to update the card.
- A call to a high-value customer after an outage, explaining what happened and what changed.
- A check-in a week after onboarding to answer the questions new customers rarely ask on their own.

Proactive outreach lowers inbound volume, and it changes how customers feel about the problem. A late package that you warned them about is an inconvenience; one they had to chase is a broken promise.

## Measure what loyalty looks like

Satisfaction surveys are a start, but loyalty shows up in behavior. Track these alongside your service metrics:

- Net Promoter Score, broken down by the customers who contacted support and those who did not.
- Repeat purchase and renewal rates for customers after a support contact.
- Churn within 90 days of a complaint, compared with your overall churn.
- Customer effort: how many contacts, transfers and days a typical issue takes to resolve.

When our clients put these habits in place, the improvements show up in both sets of numbers. On average they see a 28% increase in Net Promoter Score and 35 seconds faster resolution per contact.

## Making it sustainable

Exceptional service cannot depend on a few heroic agents. It has to be built into staffing, tools and training so it holds up at 2 a.m. on a holiday as well as at 10 a.m. on a Tuesday. That is why we run 24/7 coverage with US-based management and onshore and offshore teams working from the same knowledge base and quality scorecard, and why every program gets a dedicated quality lead who reviews interactions each week.

Loyalty is built one conversation at a time. Make each one count, and your customers will give you the best marketing there is: coming back, and bringing others with them.
`;
