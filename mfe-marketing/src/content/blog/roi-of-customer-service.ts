export const roiOfCustomerService = `
Customer service is often treated as a cost to be minimized, because its costs are easy to count and its returns are not. Payroll, software and telephony arrive on an invoice every month; the revenue saved by answering a call, keeping a customer or closing an upsell is spread across the business and credited to someone else. That imbalance leads to bad decisions: cutting staff that was quietly protecting revenue, or refusing investments that would pay for themselves within a quarter. The fix is a simple model that puts both sides in dollars. Here is the one we use with clients.

## Start with the metrics that connect to revenue

Dozens of contact center metrics exist. Only a few link directly to money, and those are the ones an ROI discussion needs:

- **Answer rate and abandonment.** Every abandoned call from a prospect is a sale that may go to a competitor.
- **First-call resolution.** Each repeat contact costs money and lowers the chance the customer buys again.
- **Conversion rate on sales and retention calls.** The share of conversations that end in an order, an upgrade or a saved account.
- **Customer retention and churn after a support contact.** Whether customers who needed help stay as long as those who did not.
- **Cost per contact.** The fully loaded cost of everything the operation spends, divided by contacts resolved.

Track these monthly and keep the definitions stable. Changing how a metric is counted halfway through the year makes any ROI figure meaningless.

## Side one: the revenue you are losing

Begin with what unanswered demand costs. Missed calls are the clearest example because the arithmetic is simple. Multiply the calls you miss each day by the share that would have converted and by your average order value, then by 30 for a month:

**Monthly lost revenue = missed calls per day × conversion rate × average order value × 30**

A business that misses 50 calls a day, converts 20% of callers and has an average order value of $100 loses $30,000 a month, or $360,000 a year. Many companies that run this calculation for the first time discover that after-hours and overflow coverage pays for itself before any cost saving is counted. Our Missed Calls Calculator on the pricing page runs this arithmetic with your own numbers.

Retention works the same way. If customers who have a poor support experience churn at twice your normal rate, the value of fixing it is the number of those customers multiplied by their annual revenue. Even a modest improvement is usually worth more than the entire support budget.

## Side two: what the operation costs

Next, compare the cost of delivering service today with the cost of the alternative. Use the fully loaded figure: wages, benefits, payroll taxes, supervision, recruiting and training, facilities, equipment and software. For outsourcing decisions the model we use is deliberately simple. When a program costs 40% of your current spend, which is in line with the 60% average saving our clients see:

- Monthly savings = current monthly cost − new monthly cost.
- Yearly savings = monthly savings × 12.
- ROI = savings ÷ new cost × 100.

A company spending $10,000 a month on support would pay $4,000, save $6,000 a month and $72,000 a year, and earn a 150% return on what it spends. Our ROI Calculator runs the same numbers for your current cost.

**Savings are only half of the return. The revenue you stop losing is usually the bigger half.**

## Put both sides together

A complete business case adds the two: the recovered revenue from answering more contacts and keeping more customers, plus the cost saved by running the operation more efficiently. Present it as a range rather than a single number, with conservative, expected and optimistic cases, and state every assumption. Finance teams trust a model they can check far more than a figure that looks too good.

### Avoid the common mistakes

- Counting deflected contacts as savings without checking whether those customers came back through another channel.
- Using wage cost instead of fully loaded cost, which understates the in-house baseline.
- Ignoring the ramp-up period, when quality and speed are still improving.
- Forgetting to measure after the change; an ROI estimate is only proven by the results that follow it.

## Make ROI part of the monthly rhythm

ROI is not a one-off slide for a budget meeting. Build a monthly scorecard that shows the revenue-linked metrics next to cost per contact, and review it with your operations and finance leads together. When the scorecard shows answer rates rising, repeat contacts falling and cost per contact going down, support stops being a line to cut and becomes a lever to pull.

Every program we run comes with real-time dashboards for volume, service levels, resolution and satisfaction, so you can see these numbers whenever you want rather than waiting for a monthly report. Connecting the dashboards to your CRM or help desk takes 2 to 5 business days for most platforms, and we integrate with 200+ of them.

## Where to begin

You can build a first version of this model in an afternoon. Pull last month's call logs for missed and abandoned calls, ask finance for the fully loaded cost of your support team, and estimate your conversion rate and average order value. Run both calculators, note your assumptions, and you will have a defensible ROI figure for your next planning meeting. If you would like a second pair of eyes, our team will build the model with you using your own data, free of charge, as part of a custom quote.
`;
