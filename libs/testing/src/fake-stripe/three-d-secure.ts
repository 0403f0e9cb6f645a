/**
 * The page a 3-D Secure redirect leads to, like Stripe's test page: "Complete authentication" or
 * "Fail authentication", each a form POSTed back to the fake. Every value written into it is escaped.
 */
export const THREE_D_SECURE_TITLE = '3D Secure 2 Test Page';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const page = (body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${THREE_D_SECURE_TITLE}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}form{display:inline-block;margin-right:.5rem}button{padding:.6rem 1rem;font-size:1rem}</style>
</head>
<body>
${body}
</body>
</html>
`;

/** The challenge of `paymentIntentId` for `amount` (already formatted), posting `clientSecret` back. */
export function challengePage(paymentIntentId: string, amount: string, clientSecret: string): string {
  const id = escapeHtml(paymentIntentId);
  const secret = escapeHtml(clientSecret);
  const button = (action: 'complete' | 'fail', label: string) =>
    `<form method="post" action="/3ds/${encodeURIComponent(paymentIntentId)}/${action}">` +
    `<input type="hidden" name="client_secret" value="${secret}">` +
    `<button type="submit">${label}</button></form>`;
  return page(`<h1>${THREE_D_SECURE_TITLE}</h1>
<p>Test payment ${id} of ${escapeHtml(amount)} asks for authentication. No bank is asked: choose the outcome.</p>
${button('complete', 'Complete authentication')}
${button('fail', 'Fail authentication')}`);
}

/** What the page says when it cannot be used (unknown payment, wrong secret, already authenticated). */
export function messagePage(message: string): string {
  return page(`<h1>${THREE_D_SECURE_TITLE}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/** `return_url` with the outcome Stripe adds to it: `payment_intent`, its client secret, `redirect_status`. */
export function returnUrlWith(
  returnUrl: string,
  paymentIntentId: string,
  clientSecret: string,
  status: 'succeeded' | 'failed',
): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', paymentIntentId);
  url.searchParams.set('payment_intent_client_secret', clientSecret);
  url.searchParams.set('redirect_status', status);
  return url.href;
}
