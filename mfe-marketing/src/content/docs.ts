import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import RocketLaunch from '@mui/icons-material/RocketLaunchRounded';
import Api from '@mui/icons-material/ApiRounded';
import Webhook from '@mui/icons-material/WebhookRounded';
import Key from '@mui/icons-material/KeyRounded';
import Extension from '@mui/icons-material/ExtensionRounded';
import Code from '@mui/icons-material/CodeRounded';
import { BRAND_NAME } from '@portal/ui';

export type CodeLanguage = 'javascript' | 'python' | 'php';

export const CODE_LANGUAGES: readonly { id: CodeLanguage; label: string }[] = [
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
  { id: 'php', label: 'PHP' },
];

/** The documented API: described for developers, not called by this site. */
export const API_BASE_URL = 'https://api.millstonecx.com/v1';

export type DocsBlock =
  /** Prose in the content markup. */
  | { type: 'text'; markup: string }
  /** The same task in each language, under the page's language switch. */
  | { type: 'example'; title: string; code: Record<CodeLanguage, string> }
  /** One listing whatever the language (a JSON body, HTTP headers). */
  | { type: 'snippet'; title: string; code: string };

export type DocsSectionId =
  'getting-started' | 'api-reference' | 'webhooks' | 'authentication' | 'integrations' | 'code-examples';

/** A docs section: id, title, icon, and its content. */
export interface DocsSection {
  id: DocsSectionId;
  title: string;
  Icon: ComponentType<SvgIconProps>;
  blocks: DocsBlock[];
}

const listAgents: Record<CodeLanguage, string> = {
  javascript: `const API_KEY = process.env.MILLSTONE_API_KEY;

const response = await fetch('${API_BASE_URL}/agents', {
  headers: { Authorization: 'Bearer ' + API_KEY, Accept: 'application/json' },
});
if (!response.ok) throw new Error(response.status + ': ' + (await response.text()));

const agents = await response.json();
console.log(agents);`,
  python: `import os
import requests

API_KEY = os.environ["MILLSTONE_API_KEY"]

response = requests.get(
    "${API_BASE_URL}/agents",
    headers={"Authorization": f"Bearer {API_KEY}", "Accept": "application/json"},
    timeout=10,
)
response.raise_for_status()
print(response.json())`,
  php: `<?php
$apiKey = getenv('MILLSTONE_API_KEY');

$ch = curl_init('${API_BASE_URL}/agents');
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . $apiKey,
        'Accept: application/json',
    ],
]);
$body = curl_exec($ch);
$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
curl_close($ch);

if ($status !== 200) {
    throw new RuntimeException("Request failed with status $status: $body");
}
print_r(json_decode($body, true));`,
};

const createTicket: Record<CodeLanguage, string> = {
  javascript: `const response = await fetch('${API_BASE_URL}/tickets', {
  method: 'POST',
  headers: {
    Authorization: 'Bearer ' + process.env.MILLSTONE_API_KEY,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    customer_id: 'cus_48213',
    subject: 'Order arrived damaged',
    priority: 'high',
    description: 'Customer reports a cracked screen on order #10482.',
    callback_url: 'https://example.com/hooks/tickets',
  }),
});
if (!response.ok) throw new Error(response.status + ': ' + (await response.text()));

const ticket = await response.json();
console.log(ticket.id, ticket.status); // "tkt_9f2c1a" "open"`,
  python: `import os
import requests

response = requests.post(
    "${API_BASE_URL}/tickets",
    headers={"Authorization": f"Bearer {os.environ['MILLSTONE_API_KEY']}"},
    json={
        "customer_id": "cus_48213",
        "subject": "Order arrived damaged",
        "priority": "high",
        "description": "Customer reports a cracked screen on order #10482.",
        "callback_url": "https://example.com/hooks/tickets",
    },
    timeout=10,
)
response.raise_for_status()

ticket = response.json()
print(ticket["id"], ticket["status"])  # tkt_9f2c1a open`,
  php: `<?php
$ch = curl_init('${API_BASE_URL}/tickets');
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_POST => true,
    CURLOPT_HTTPHEADER => [
        'Authorization: Bearer ' . getenv('MILLSTONE_API_KEY'),
        'Content-Type: application/json',
    ],
    CURLOPT_POSTFIELDS => json_encode([
        'customer_id' => 'cus_48213',
        'subject' => 'Order arrived damaged',
        'priority' => 'high',
        'description' => 'Customer reports a cracked screen on order #10482.',
        'callback_url' => 'https://example.com/hooks/tickets',
    ]),
]);
$ticket = json_decode(curl_exec($ch), true);
curl_close($ch);

echo $ticket['id'] . ' ' . $ticket['status']; // tkt_9f2c1a open`,
};

const getTicket: Record<CodeLanguage, string> = {
  javascript: `const ticketId = 'tkt_9f2c1a';
const response = await fetch('${API_BASE_URL}/tickets/' + encodeURIComponent(ticketId), {
  headers: { Authorization: 'Bearer ' + process.env.MILLSTONE_API_KEY },
});
if (response.status === 404) throw new Error('No ticket ' + ticketId);

const ticket = await response.json();
console.log(ticket.status, ticket.assigned_agent);`,
  python: `import os
import requests

ticket_id = "tkt_9f2c1a"
response = requests.get(
    f"${API_BASE_URL}/tickets/{ticket_id}",
    headers={"Authorization": f"Bearer {os.environ['MILLSTONE_API_KEY']}"},
    timeout=10,
)
response.raise_for_status()

ticket = response.json()
print(ticket["status"], ticket["assigned_agent"])`,
  php: `<?php
$ticketId = 'tkt_9f2c1a';
$ch = curl_init('${API_BASE_URL}/tickets/' . rawurlencode($ticketId));
curl_setopt_array($ch, [
    CURLOPT_RETURNTRANSFER => true,
    CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('MILLSTONE_API_KEY')],
]);
$ticket = json_decode(curl_exec($ch), true);
curl_close($ch);

echo $ticket['status'] . ' ' . $ticket['assigned_agent'];`,
};

const authenticatedClient: Record<CodeLanguage, string> = {
  javascript: `// Keep the key on your server: never ship it to a browser or a mobile app.
const API_KEY = process.env.MILLSTONE_API_KEY;

export async function millstone(path, options = {}) {
  const response = await fetch('${API_BASE_URL}' + path, {
    ...options,
    headers: {
      Authorization: 'Bearer ' + API_KEY,
      'Content-Type': 'application/json',
      ...options.headers,
    },
  });
  if (response.status === 401) throw new Error('The API key is missing, wrong or revoked');
  if (!response.ok) throw new Error(response.status + ': ' + (await response.text()));
  return response.json();
}`,
  python: `# Keep the key on your server: never ship it to a browser or a mobile app.
import os
import requests

session = requests.Session()
session.headers.update({
    "Authorization": f"Bearer {os.environ['MILLSTONE_API_KEY']}",
    "Content-Type": "application/json",
})

def millstone(method, path, **kwargs):
    response = session.request(method, "${API_BASE_URL}" + path, timeout=10, **kwargs)
    if response.status_code == 401:
        raise RuntimeError("The API key is missing, wrong or revoked")
    response.raise_for_status()
    return response.json()`,
  php: `<?php
// Keep the key on your server: never ship it to a browser or a mobile app.
function millstone(string $method, string $path, ?array $body = null): array
{
    $ch = curl_init('${API_BASE_URL}' . $path);
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_CUSTOMREQUEST => $method,
        CURLOPT_HTTPHEADER => [
            'Authorization: Bearer ' . getenv('MILLSTONE_API_KEY'),
            'Content-Type: application/json',
        ],
    ]);
    if ($body !== null) {
        curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode($body));
    }
    $response = curl_exec($ch);
    $status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    curl_close($ch);

    if ($status === 401) {
        throw new RuntimeException('The API key is missing, wrong or revoked');
    }
    if ($status >= 400) {
        throw new RuntimeException("$status: $response");
    }
    return json_decode($response, true);
}`,
};

const webhookReceiver: Record<CodeLanguage, string> = {
  javascript: `import express from 'express';

const app = express();
app.use(express.json());

app.post('/webhooks/millstone', (req, res) => {
  // Answer first: we expect a 200 within 10 seconds.
  res.sendStatus(200);

  const { event, data } = req.body;
  if (event === 'ticket.created') {
    console.log('New ticket', data.id, 'for', data.customer_id, '-', data.subject);
  } else if (event === 'call.completed') {
    console.log('Call', data.call_id, 'took', data.duration, 'seconds:', data.resolution);
  }
});

app.listen(3000);`,
  python: `from flask import Flask, request

app = Flask(__name__)

@app.post("/webhooks/millstone")
def millstone_webhook():
    payload = request.get_json()
    event, data = payload["event"], payload["data"]

    if event == "ticket.created":
        print("New ticket", data["id"], "for", data["customer_id"], "-", data["subject"])
    elif event == "call.completed":
        print("Call", data["call_id"], "took", data["duration"], "seconds:", data["resolution"])

    # Keep this handler quick (hand slow work to a queue): answer 200 within 10 seconds.
    return "", 200`,
  php: `<?php
$payload = json_decode(file_get_contents('php://input'), true);
$data = $payload['data'] ?? [];

switch ($payload['event'] ?? '') {
    case 'ticket.created':
        error_log("New ticket {$data['id']} for {$data['customer_id']} - {$data['subject']}");
        break;
    case 'call.completed':
        error_log("Call {$data['call_id']} took {$data['duration']} seconds: {$data['resolution']}");
        break;
}

// Keep this script quick (hand slow work to a queue): answer 200 within 10 seconds.
http_response_code(200);`,
};

const rateLimitAware: Record<CodeLanguage, string> = {
  javascript: `// Waits for the window to reset when the hourly limit is used up, then retries once.
async function withRateLimit(request) {
  const response = await request();
  if (response.status !== 429) return response;

  const resetAt = Number(response.headers.get('X-RateLimit-Reset')) * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(resetAt - Date.now(), 0)));
  return request();
}

const response = await withRateLimit(() =>
  fetch('${API_BASE_URL}/agents', {
    headers: { Authorization: 'Bearer ' + process.env.MILLSTONE_API_KEY },
  }),
);
console.log('Requests left this hour:', response.headers.get('X-RateLimit-Remaining'));`,
  python: `import os
import time
import requests

HEADERS = {"Authorization": f"Bearer {os.environ['MILLSTONE_API_KEY']}"}

def get_with_rate_limit(url):
    """Waits for the window to reset when the hourly limit is used up, then retries once."""
    response = requests.get(url, headers=HEADERS, timeout=10)
    if response.status_code == 429:
        reset_at = int(response.headers["X-RateLimit-Reset"])
        time.sleep(max(reset_at - time.time(), 0))
        response = requests.get(url, headers=HEADERS, timeout=10)
    return response

response = get_with_rate_limit("${API_BASE_URL}/agents")
print("Requests left this hour:", response.headers["X-RateLimit-Remaining"])`,
  php: `<?php
// Waits for the window to reset when the hourly limit is used up, then retries once.
function getWithRateLimit(string $url): array
{
    for ($attempt = 0; $attempt < 2; $attempt++) {
        $headers = [];
        $ch = curl_init($url);
        curl_setopt_array($ch, [
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => ['Authorization: Bearer ' . getenv('MILLSTONE_API_KEY')],
            CURLOPT_HEADERFUNCTION => function ($ch, $line) use (&$headers) {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $headers[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ]);
        $body = curl_exec($ch);
        $status = curl_getinfo($ch, CURLINFO_HTTP_CODE);
        curl_close($ch);

        if ($status !== 429) {
            return [$body, $headers];
        }
        sleep(max((int) $headers['x-ratelimit-reset'] - time(), 0));
    }
    throw new RuntimeException('Rate limit still exceeded');
}

[$body, $headers] = getWithRateLimit('${API_BASE_URL}/agents');
echo 'Requests left this hour: ' . $headers['x-ratelimit-remaining'];`,
};

export const DOCS_SECTIONS: readonly DocsSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    Icon: RocketLaunch,
    blocks: [
      {
        type: 'text',
        markup: `The ${BRAND_NAME} API connects your own systems to the team that answers your customers. Create support tickets from your app or website, follow them as our agents work on them, look up the agents assigned to your account, and receive webhooks when a ticket is created or a call ends.

### The basics

- **Base URL:** \`${API_BASE_URL}\` (the version is part of the path, so new versions never break your code).
- **Format:** JSON in and JSON out; send \`Content-Type: application/json\` with every request that has a body.
- **Authentication:** an API key sent as a bearer token, described under Authentication.
- **Rate limit:** 1000 requests per hour per API key, described under API Reference.

### Your first request in three steps

1. Ask your account manager or our support team for an API key, and store it as a secret on your server (the examples read it from the \`MILLSTONE_API_KEY\` environment variable).
2. List the agents on your account with \`GET /agents\`, as below.
3. Create a test ticket with \`POST /tickets\` and fetch it again with \`GET /tickets/{id}\`.

**Keep API keys on your server. Never put them in a browser, a mobile app or a public repository.**`,
      },
      { type: 'example', title: 'List your agents', code: listAgents },
    ],
  },
  {
    id: 'api-reference',
    title: 'API Reference',
    Icon: Api,
    blocks: [
      {
        type: 'text',
        markup: `Every endpoint below lives under \`${API_BASE_URL}\` and needs an API key. Successful calls answer 200 (or 201 when something was created) with a JSON body.

### POST /tickets

Creates a support ticket for one of your customers. Our team picks it up, and if you give a callback URL, we notify you there as the ticket moves on.

- **customer_id** (string, required): your identifier for the customer.
- **subject** (string, required): a one-line summary of the issue.
- **priority** (low, medium or high): how urgent the ticket is.
- **description** (string): the details our agents need.
- **callback_url** (string): where we send updates about this ticket.`,
      },
      { type: 'example', title: 'Create a ticket', code: createTicket },
      {
        type: 'snippet',
        title: 'Response: 201 Created',
        code: `{
  "id": "tkt_9f2c1a",
  "status": "open",
  "priority": "high",
  "created_at": "2025-09-02T14:31:07Z",
  "assigned_agent": "agt_2041"
}`,
      },
      {
        type: 'text',
        markup: `### GET /tickets/{id}

Returns one ticket with the same fields as above: id, status, priority, created_at and assigned_agent. An id that does not belong to your account answers 404.`,
      },
      { type: 'example', title: 'Fetch a ticket', code: getTicket },
      {
        type: 'text',
        markup: `### GET /agents

Lists the agents assigned to your account, so you can show who is handling a ticket or route work to a named agent.

### Rate limits

Each API key may make 1000 requests per hour. Every response carries three headers so you can pace your calls:

- **X-RateLimit-Limit:** the requests allowed per hour (1000).
- **X-RateLimit-Remaining:** the requests left in the current hour.
- **X-RateLimit-Reset:** when the window resets, in seconds since the Unix epoch.

A request over the limit answers 429 Too Many Requests. Wait until the reset time before trying again; the Code Examples section shows how.

### Errors

Failed requests answer with an HTTP error status and a JSON body that says what went wrong:`,
      },
      {
        type: 'snippet',
        title: 'Error body',
        code: `{
  "statusCode": 400,
  "message": "subject is required"
}`,
      },
    ],
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    Icon: Webhook,
    blocks: [
      {
        type: 'text',
        markup: `Webhooks tell your systems about events the moment they happen, so you do not have to poll the API. We send an HTTPS POST with a JSON body to the URL you register with your account manager, or to the \`callback_url\` of a ticket.

### Events

- **ticket.created:** a ticket was opened. Data: id, customer_id, subject and created_at.
- **call.completed:** an agent finished a call. Data: call_id, duration (in seconds), resolution (for example resolved) and agent_id.

### Answer within 10 seconds

Your endpoint must answer 200 within 10 seconds. A slower or failed answer counts as a failed delivery. Acknowledge first and do slow work, such as updating your CRM, in the background.

**Answer 200 first, then process the event: a webhook handler should never wait on another system.**`,
      },
      {
        type: 'snippet',
        title: 'ticket.created',
        code: `{
  "event": "ticket.created",
  "data": {
    "id": "tkt_9f2c1a",
    "customer_id": "cus_48213",
    "subject": "Order arrived damaged",
    "created_at": "2025-09-02T14:31:07Z"
  }
}`,
      },
      {
        type: 'snippet',
        title: 'call.completed',
        code: `{
  "event": "call.completed",
  "data": {
    "call_id": "call_77a0d3",
    "duration": 342,
    "resolution": "resolved",
    "agent_id": "agt_2041"
  }
}`,
      },
      { type: 'example', title: 'Receive webhooks', code: webhookReceiver },
    ],
  },
  {
    id: 'authentication',
    title: 'Authentication',
    Icon: Key,
    blocks: [
      {
        type: 'text',
        markup: `Every request is authenticated with an API key, sent as a bearer token in the \`Authorization\` header:

**Authorization: Bearer YOUR_API_KEY**

A missing, mistyped or revoked key answers 401 Unauthorized.

### Looking after your keys

- Ask your account manager or our support team for a key; each key belongs to one account.
- Store keys in your secret manager or environment variables, never in source code.
- Call the API from your servers only. A key in a web page or a mobile app can be copied by anyone.
- Use a separate key for each system, so you can revoke one without stopping the others.
- If a key may have leaked, contact support straight away and we will revoke it and issue a new one.`,
      },
      { type: 'example', title: 'An authenticated client', code: authenticatedClient },
    ],
  },
  {
    id: 'integrations',
    title: 'Integrations',
    Icon: Extension,
    blocks: [
      {
        type: 'text',
        markup: `Most teams never need to write code to work with us: we connect to 200+ platforms out of the box. The API is there for everything else.

### CRM and phone systems from your dashboard

Open the Integrations tab of your customer dashboard and choose Add Integration. Pick the type, name the connection, paste the API key from the other system and, if you use one, a webhook URL. Types available there today:

- **CRM:** HubSpot, Salesforce and Zoho.
- **Phone and dialer:** Twilio, Dialpad and RingCentral.

Keys and tokens are encrypted at rest and never shown again once saved. Once an integration is active, calls, leads and conversions appear on the KPI tab of your dashboard.

### Timelines

- A standard API integration takes 2-5 business days.
- Complex integrations, with custom data mapping, several systems or a security review, take 1-2 weeks.

Our integration team works with your developers from the first call, and the examples in Code Examples are a good place to start.`,
      },
    ],
  },
  {
    id: 'code-examples',
    title: 'Code Examples',
    Icon: Code,
    blocks: [
      {
        type: 'text',
        markup: `Complete examples in JavaScript (Node.js 18 or later), Python 3 (with requests or Flask) and PHP 8 (with cURL). Pick your language once: every example on this page follows it.`,
      },
      { type: 'example', title: 'Create a ticket', code: createTicket },
      { type: 'example', title: 'Stay within the rate limit', code: rateLimitAware },
      { type: 'example', title: 'Handle webhook events', code: webhookReceiver },
    ],
  },
];
