import { BRAND_NAME } from '@portal/ui';

export const aiAutomationVsHumanTouch = `
Every customer service leader is being asked the same question: how much of our support can AI handle? The honest answer is "more than you think, and less than the vendors say." Bots that resolve routine requests in seconds are real, and they are changing the economics of support. But customers who feel trapped in an automated loop leave, and they tell others on the way out. The companies getting this right are not choosing between AI and people. They are deciding, contact by contact, which one does the job better, and designing the handoff between them with as much care as the bot itself.

## What AI does better than people

Modern AI agents are not the phone trees of ten years ago. They understand free-form questions, look up live data in your systems and complete tasks. For the right kind of work they beat a human agent on every measure a customer cares about:

- **Speed.** An answer in two seconds, at 3 a.m. on a holiday, with no queue.
- **Consistency.** The same correct answer every time, in line with the current policy.
- **Scale.** A product recall or an outage that triples volume in an hour does not create a wait.
- **Data lookups.** Order status, delivery windows, account balances and appointment slots pulled directly from your systems.

Work with these traits is where automation earns its keep: high volume, clear rules, an answer that lives in a system rather than in someone's judgment. On workloads like these, our clients see up to 85% of routine requests resolved without an agent.

## What people do better than AI

Other conversations go wrong when a bot handles them, no matter how good the model is. They have one or more of these features:

- The customer is upset, anxious or grieving, and needs to feel heard before anything else.
- The problem is new, ambiguous or spans several systems and departments.
- The outcome involves an exception: a refund outside policy, a goodwill credit, a waived fee.
- The conversation is a sale, where trust and listening decide the result.
- The topic is regulated, such as health, credit or insurance, and a wrong answer carries real risk.

These contacts are fewer, but they carry most of the emotional weight of your brand. A customer who is helped well when something went wrong often becomes more loyal than one who never had a problem at all.

**Automate the transaction. Keep the relationship human.**

## Designing the handoff

Most bad automation experiences are not caused by the bot failing. They are caused by what happens next. A good handoff follows a few rules:

### Always offer a way out

Customers should be able to reach a person at any point, with a clear phrase or button, without repeating a magic word three times. Hiding the exit raises abandonment and complaints, and it rarely reduces cost once you count the customers who simply call back.

### Pass the context along

When the conversation moves to an agent, the agent should see everything the bot learned: who the customer is, what they asked, what was already tried. Nothing annoys a customer more than being asked for their order number a second time.

### Escalate on signals, not only on requests

Good systems watch for frustration, repeated questions and high-value accounts, and route those to a person before the customer asks. A short wait for a human beats a long argument with a machine.

### Close the loop

Every escalation is a lesson. Review why the bot handed over, then improve its answers or its integrations so the same question is resolved automatically next time.

## Where to start

The fastest way to find your balance is to look at your own contact data rather than at a vendor's demo. Sort last quarter's contacts by reason and mark each reason on two scales: how rule-based the answer is, and how emotional the situation usually is. Rule-based and low-emotion reasons are your first automation candidates. High-emotion or judgment-heavy reasons stay with people, and the middle ground is where AI can assist the agent instead of replacing them, suggesting answers, filling in forms and summarizing calls.

Start with two or three automation use cases, measure resolution and satisfaction for a month, and expand only what works. A pilot like this typically goes live in 5 to 10 business days, and connecting the bot to your CRM or order system through our API takes 2 to 5 business days for most platforms.

## How we run it

At ${BRAND_NAME}, AI and people work as one team. Our AI agents handle the routine requests around the clock, and our onshore and offshore agents take over with full context whenever a person is the better choice, 24/7. The same quality team reviews both: bot conversations are scored against the same standards as human ones, and the same dashboards show resolution, satisfaction and handoff rates side by side. That shared view is what lets us tune the balance every month instead of setting it once and hoping.

**The right balance is not a percentage you pick once. It is a decision you revisit every month as your customers, your products and the technology change.**

The companies that win with AI in customer service will not be the ones that automate the most. They will be the ones whose customers never have to wonder whether they are being helped by a bot or a person, because either way, they are helped well.
`;
