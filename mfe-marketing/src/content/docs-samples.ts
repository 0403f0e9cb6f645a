import { INBOUND_SIGNATURE_TOLERANCE_SECONDS, V1_LIST_MAX_LIMIT } from '@portal/contracts';

// The docs page's code samples, written for the API base URL the page shows. Every one is a complete
// program a developer can paste and run (Node.js 18+, Debian's python3 with requests or Flask, php-cli
// with nothing added: no cURL extension, no Composer), and e2e/tests/docs-samples.spec.ts runs each of
// them, as the page shows it, against a running stack (ADR 0204).

export type CodeLanguage = 'javascript' | 'python' | 'php';
export type SampleCode = Record<CodeLanguage, string>;

/** The environment variable every sample reads the API key from. */
export const API_KEY_VARIABLE = 'MILLSTONE_API_KEY';
/** The environment variable the webhook receivers read the endpoint's signing secret from. */
export const WEBHOOK_SECRET_VARIABLE = 'MILLSTONE_WEBHOOK_SECRET';

// Node's own `${…}` inside these template literals is written `\${…}`.

const listAgents = (base: string): SampleCode => ({
  javascript: `const API_KEY = process.env.${API_KEY_VARIABLE};

const response = await fetch('${base}/agents', {
  headers: { Authorization: \`Bearer \${API_KEY}\` },
});
const body = await response.json();
if (!response.ok) throw new Error(\`\${response.status} \${body.error.code}: \${body.error.message}\`);

for (const agent of body.data) console.log(agent.id, agent.name, '-', agent.title);
console.log('Agents on your account:', body.data.length);`,
  python: `import os
import requests

API_KEY = os.environ["${API_KEY_VARIABLE}"]

response = requests.get(
    "${base}/agents",
    headers={"Authorization": f"Bearer {API_KEY}"},
    timeout=10,
)
body = response.json()
if not response.ok:
    raise SystemExit(f"{response.status_code} {body['error']['code']}: {body['error']['message']}")

for agent in body["data"]:
    print(agent["id"], agent["name"], "-", agent["title"])
print("Agents on your account:", len(body["data"]))`,
  php: `<?php
// php-cli as it comes: file_get_contents with an HTTP context, no cURL extension needed.
$context = stream_context_create(['http' => [
    'header' => 'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),
    'ignore_errors' => true, // read the JSON of an error answer too
    'timeout' => 10,
]]);
$body = json_decode(file_get_contents('${base}/agents', false, $context), true);
$status = (int) explode(' ', $http_response_header[0])[1];
if ($status !== 200) {
    fwrite(STDERR, "$status {$body['error']['code']}: {$body['error']['message']}\\n");
    exit(1);
}

foreach ($body['data'] as $agent) {
    echo "{$agent['id']} {$agent['name']} - {$agent['title']}\\n";
}
echo 'Agents on your account: ' . count($body['data']) . "\\n";`,
});

const createTicket = (base: string): SampleCode => ({
  javascript: `import { randomUUID } from 'node:crypto';

const response = await fetch('${base}/tickets', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,
    'Content-Type': 'application/json',
    // Sent again with the same key (a retry after a timeout), the request creates no second ticket.
    'Idempotency-Key': randomUUID(),
  },
  body: JSON.stringify({
    customer_id: 'cus_48213',
    subject: 'Order arrived damaged',
    priority: 'high',
    description: 'Customer reports a cracked screen on order #10482.',
  }),
});
const ticket = await response.json();
if (!response.ok) throw new Error(\`\${response.status} \${ticket.error.code}: \${ticket.error.message}\`);

console.log(ticket.id, ticket.status, ticket.priority); // tkt_0b9e… open high`,
  python: `import os
import uuid
import requests

response = requests.post(
    "${base}/tickets",
    headers={
        "Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}",
        # Sent again with the same key (a retry after a timeout), the request creates no second ticket.
        "Idempotency-Key": str(uuid.uuid4()),
    },
    json={
        "customer_id": "cus_48213",
        "subject": "Order arrived damaged",
        "priority": "high",
        "description": "Customer reports a cracked screen on order #10482.",
    },
    timeout=10,
)
ticket = response.json()
if not response.ok:
    raise SystemExit(f"{response.status_code} {ticket['error']['code']}: {ticket['error']['message']}")

print(ticket["id"], ticket["status"], ticket["priority"])  # tkt_0b9e… open high`,
  php: `<?php
$context = stream_context_create(['http' => [
    'method' => 'POST',
    'header' => implode("\\r\\n", [
        'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),
        'Content-Type: application/json',
        // Sent again with the same key (a retry after a timeout), the request creates no second ticket.
        'Idempotency-Key: ' . bin2hex(random_bytes(16)),
    ]),
    'content' => json_encode([
        'customer_id' => 'cus_48213',
        'subject' => 'Order arrived damaged',
        'priority' => 'high',
        'description' => 'Customer reports a cracked screen on order #10482.',
    ]),
    'ignore_errors' => true, // read the JSON of an error answer too
    'timeout' => 10,
]]);
$ticket = json_decode(file_get_contents('${base}/tickets', false, $context), true);
$status = (int) explode(' ', $http_response_header[0])[1];
if ($status !== 201) {
    fwrite(STDERR, "$status {$ticket['error']['code']}: {$ticket['error']['message']}\\n");
    exit(1);
}

echo "{$ticket['id']} {$ticket['status']} {$ticket['priority']}\\n"; // tkt_0b9e… open high`,
});

const getTicket = (base: string): SampleCode => ({
  javascript: `// node get-ticket.mjs tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b
const ticketId = process.argv[2];

const response = await fetch('${base}/tickets/' + encodeURIComponent(ticketId), {
  headers: { Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\` },
});
const ticket = await response.json();
if (response.status === 404) throw new Error(\`No ticket \${ticketId} on your account\`);
if (!response.ok) throw new Error(\`\${response.status} \${ticket.error.code}: \${ticket.error.message}\`);

console.log(ticket.id, ticket.status, ticket.subject, 'agent:', ticket.assigned_agent ?? 'none yet');`,
  python: `# python3 get_ticket.py tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b
import os
import sys
from urllib.parse import quote
import requests

ticket_id = sys.argv[1]
response = requests.get(
    f"${base}/tickets/{quote(ticket_id)}",
    headers={"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}"},
    timeout=10,
)
ticket = response.json()
if response.status_code == 404:
    raise SystemExit(f"No ticket {ticket_id} on your account")
if not response.ok:
    raise SystemExit(f"{response.status_code} {ticket['error']['code']}: {ticket['error']['message']}")

print(ticket["id"], ticket["status"], ticket["subject"], "agent:", ticket["assigned_agent"] or "none yet")`,
  php: `<?php
// php get-ticket.php tkt_0b9e6f2c1a7d4e5f8a9b0c1d2e3f4a5b
$ticketId = $argv[1];
$context = stream_context_create(['http' => [
    'header' => 'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),
    'ignore_errors' => true, // read the JSON of an error answer too
    'timeout' => 10,
]]);
$ticket = json_decode(file_get_contents('${base}/tickets/' . rawurlencode($ticketId), false, $context), true);
$status = (int) explode(' ', $http_response_header[0])[1];
if ($status === 404) {
    fwrite(STDERR, "No ticket $ticketId on your account\\n");
    exit(1);
}
if ($status !== 200) {
    fwrite(STDERR, "$status {$ticket['error']['code']}: {$ticket['error']['message']}\\n");
    exit(1);
}

echo "{$ticket['id']} {$ticket['status']} {$ticket['subject']} agent: " . ($ticket['assigned_agent'] ?? 'none yet') . "\\n";`,
});

const listTickets = (base: string): SampleCode => ({
  javascript: `// Every ticket on your account, newest first, a page of up to ${V1_LIST_MAX_LIMIT} at a time.
let startingAfter = null;
do {
  const url = new URL('${base}/tickets');
  url.searchParams.set('limit', '${V1_LIST_MAX_LIMIT}');
  if (startingAfter) url.searchParams.set('starting_after', startingAfter);

  const response = await fetch(url, {
    headers: { Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\` },
  });
  const page = await response.json();
  if (!response.ok) throw new Error(\`\${response.status} \${page.error.code}: \${page.error.message}\`);

  for (const ticket of page.data) console.log(ticket.id, ticket.status, ticket.subject);
  startingAfter = page.has_more ? page.next_cursor : null;
} while (startingAfter);`,
  python: `# Every ticket on your account, newest first, a page of up to ${V1_LIST_MAX_LIMIT} at a time.
import os
import requests

params = {"limit": ${V1_LIST_MAX_LIMIT}}
while True:
    response = requests.get(
        "${base}/tickets",
        params=params,
        headers={"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}"},
        timeout=10,
    )
    page = response.json()
    if not response.ok:
        raise SystemExit(f"{response.status_code} {page['error']['code']}: {page['error']['message']}")

    for ticket in page["data"]:
        print(ticket["id"], ticket["status"], ticket["subject"])
    if not page["has_more"]:
        break
    params["starting_after"] = page["next_cursor"]`,
  php: `<?php
// Every ticket on your account, newest first, a page of up to ${V1_LIST_MAX_LIMIT} at a time.
$context = stream_context_create(['http' => [
    'header' => 'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),
    'ignore_errors' => true, // read the JSON of an error answer too
    'timeout' => 10,
]]);
$query = ['limit' => ${V1_LIST_MAX_LIMIT}];
do {
    $page = json_decode(file_get_contents('${base}/tickets?' . http_build_query($query), false, $context), true);
    $status = (int) explode(' ', $http_response_header[0])[1];
    if ($status !== 200) {
        fwrite(STDERR, "$status {$page['error']['code']}: {$page['error']['message']}\\n");
        exit(1);
    }

    foreach ($page['data'] as $ticket) {
        echo "{$ticket['id']} {$ticket['status']} {$ticket['subject']}\\n";
    }
    $query['starting_after'] = $page['next_cursor'];
} while ($page['has_more']);`,
});

const authenticatedClient = (base: string): SampleCode => ({
  javascript: `// Keep the key on your server: never ship it to a browser or a mobile app.
const API_KEY = process.env.${API_KEY_VARIABLE};

/** Calls the API; an error answer throws with its type, code, message and request id. */
async function millstone(method, path, body) {
  const response = await fetch('${base}' + path, {
    method,
    headers: { Authorization: \`Bearer \${API_KEY}\`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) {
    const { type, code, message, request_id } = json.error;
    throw new Error(\`\${response.status} \${type}/\${code}: \${message} (request \${request_id})\`);
  }
  return json;
}

const agents = await millstone('GET', '/agents');
console.log('Agents on your account:', agents.data.length);`,
  python: `# Keep the key on your server: never ship it to a browser or a mobile app.
import os
import requests

session = requests.Session()
session.headers["Authorization"] = f"Bearer {os.environ['${API_KEY_VARIABLE}']}"


class MillstoneError(Exception):
    pass


def millstone(method, path, body=None):
    """Calls the API; an error answer raises with its type, code, message and request id."""
    response = session.request(method, "${base}" + path, json=body, timeout=10)
    data = response.json()
    if not response.ok:
        error = data["error"]
        raise MillstoneError(
            f"{response.status_code} {error['type']}/{error['code']}: {error['message']}"
            f" (request {error['request_id']})"
        )
    return data


agents = millstone("GET", "/agents")
print("Agents on your account:", len(agents["data"]))`,
  php: `<?php
// Keep the key on your server: never ship it to a browser or a mobile app.

/** Calls the API; an error answer throws with its type, code, message and request id. */
function millstone(string $method, string $path, ?array $body = null): array
{
    $headers = ['Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'), 'Content-Type: application/json'];
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => implode("\\r\\n", $headers),
        'content' => $body === null ? '' : json_encode($body),
        'ignore_errors' => true, // read the JSON of an error answer too
        'timeout' => 10,
    ]]);
    $json = json_decode(file_get_contents('${base}' . $path, false, $context), true);
    $status = (int) explode(' ', $http_response_header[0])[1];
    if ($status >= 400) {
        $error = $json['error'];
        throw new RuntimeException(
            "$status {$error['type']}/{$error['code']}: {$error['message']} (request {$error['request_id']})"
        );
    }
    return $json;
}

$agents = millstone('GET', '/agents');
echo 'Agents on your account: ' . count($agents['data']) . "\\n";`,
});

const rateLimitAware = (base: string): SampleCode => ({
  javascript: `/** Sends the request again after Retry-After when the key used up its requests of the hour. */
async function withRateLimit(send) {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status !== 429 || attempt === 3) return response;
    const seconds = Number(response.headers.get('Retry-After'));
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

const response = await withRateLimit(() =>
  fetch('${base}/agents', {
    headers: { Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\` },
  }),
);
const limit = response.headers.get('X-RateLimit-Limit');
const remaining = response.headers.get('X-RateLimit-Remaining');
const reset = new Date(Number(response.headers.get('X-RateLimit-Reset')) * 1000);
console.log(\`Requests left this hour: \${remaining} of \${limit} (one more is freed at \${reset.toISOString()})\`);`,
  python: `import os
import time
from datetime import datetime, timezone
import requests

HEADERS = {"Authorization": f"Bearer {os.environ['${API_KEY_VARIABLE}']}"}


def get_with_rate_limit(url):
    """Sends the request again after Retry-After when the key used up its requests of the hour."""
    for attempt in range(1, 4):
        response = requests.get(url, headers=HEADERS, timeout=10)
        if response.status_code != 429 or attempt == 3:
            return response
        time.sleep(int(response.headers["Retry-After"]))


response = get_with_rate_limit("${base}/agents")
limit = response.headers["X-RateLimit-Limit"]
remaining = response.headers["X-RateLimit-Remaining"]
reset = datetime.fromtimestamp(int(response.headers["X-RateLimit-Reset"]), timezone.utc)
print(f"Requests left this hour: {remaining} of {limit} (one more is freed at {reset.isoformat()})")`,
  php: `<?php
/** Sends the request again after Retry-After when the key used up its requests of the hour. */
function getWithRateLimit(string $url): array
{
    $context = stream_context_create(['http' => [
        'header' => 'Authorization: Bearer ' . getenv('${API_KEY_VARIABLE}'),
        'ignore_errors' => true, // read the JSON of an error answer too
        'timeout' => 10,
    ]]);
    for ($attempt = 1; ; $attempt++) {
        $body = file_get_contents($url, false, $context);
        $headers = [];
        foreach (array_slice($http_response_header, 1) as $line) {
            [$name, $value] = explode(':', $line, 2);
            $headers[strtolower($name)] = trim($value);
        }
        $status = (int) explode(' ', $http_response_header[0])[1];
        if ($status !== 429 || $attempt === 3) {
            return [$status, $headers, $body];
        }
        sleep((int) $headers['retry-after']);
    }
}

[$status, $headers, $body] = getWithRateLimit('${base}/agents');
$reset = gmdate('c', (int) $headers['x-ratelimit-reset']);
echo "Requests left this hour: {$headers['x-ratelimit-remaining']} of {$headers['x-ratelimit-limit']}"
    . " (one more is freed at $reset)\\n";`,
});

const webhookReceiver = (): SampleCode => ({
  javascript: `// node receiver.mjs, with your endpoint's signing secret in ${WEBHOOK_SECRET_VARIABLE}.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.${WEBHOOK_SECRET_VARIABLE};
const TOLERANCE_SECONDS = ${INBOUND_SIGNATURE_TOLERANCE_SECONDS};
const handled = new Set(); // event ids already handled (keep them in your database)

/** True when X-Portal-Signature (t=<unix seconds>,v1=<hex>) signs exactly this body, recently. */
function isSigned(header = '', rawBody) {
  let timestamp;
  const signatures = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=');
    if (name === 't') timestamp = value;
    if (name === 'v1') signatures.push(Buffer.from(value, 'hex'));
  }
  if (!/^\\d+$/.test(timestamp ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', SECRET).update(\`\${timestamp}.\`).update(rawBody).digest();
  return signatures.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    if (request.method !== 'POST' || !isSigned(request.headers['x-portal-signature'], rawBody)) {
      response.writeHead(400).end('Invalid signature');
      return;
    }
    // Answer first: a delivery must get a 2xx within 10 seconds.
    response.writeHead(200).end();

    const eventId = request.headers['x-portal-event-id'];
    if (handled.has(eventId)) return; // a retry of an event already handled
    handled.add(eventId);
    const { event, data } = JSON.parse(rawBody.toString('utf8'));
    if (event === 'ticket.created') {
      console.log('New ticket', data.id, 'for', data.customer_id, '-', data.subject);
    } else if (event === 'call.completed') {
      console.log('Call', data.call_id, 'took', data.duration, 'seconds:', data.resolution);
    } else {
      console.log('Received', event, eventId);
    }
  });
}).listen(Number(process.env.PORT ?? 3000));`,
  python: `# python3 receiver.py, with your endpoint's signing secret in ${WEBHOOK_SECRET_VARIABLE}.
import hashlib
import hmac
import json
import os
import time

from flask import Flask, request

SECRET = os.environ["${WEBHOOK_SECRET_VARIABLE}"].encode()
TOLERANCE_SECONDS = ${INBOUND_SIGNATURE_TOLERANCE_SECONDS}
handled = set()  # event ids already handled (keep them in your database)


def is_signed(header, raw_body):
    """True when X-Portal-Signature (t=<unix seconds>,v1=<hex>) signs exactly this body, recently."""
    timestamp, signatures = "", []
    for part in (header or "").split(","):
        name, _, value = part.strip().partition("=")
        if name == "t":
            timestamp = value
        elif name == "v1":
            signatures.append(value)
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(SECRET, timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, signature) for signature in signatures)


app = Flask(__name__)


@app.post("/webhooks/millstone")
def millstone_webhook():
    raw_body = request.get_data()
    if not is_signed(request.headers.get("X-Portal-Signature"), raw_body):
        return "Invalid signature", 400

    event_id = request.headers.get("X-Portal-Event-Id")
    if event_id not in handled:  # else a retry of an event already handled
        handled.add(event_id)
        payload = json.loads(raw_body)
        event, data = payload["event"], payload["data"]
        if event == "ticket.created":
            print("New ticket", data["id"], "for", data["customer_id"], "-", data["subject"], flush=True)
        elif event == "call.completed":
            print("Call", data["call_id"], "took", data["duration"], "seconds:", data["resolution"], flush=True)
        else:
            print("Received", event, event_id, flush=True)

    # Keep this quick (hand slow work to a queue): a delivery must get a 2xx within 10 seconds.
    return "", 200


if __name__ == "__main__":
    app.run(port=int(os.environ.get("PORT", "3000")))`,
  php: `<?php
// php -S 127.0.0.1:3000 receiver.php, with your endpoint's signing secret in ${WEBHOOK_SECRET_VARIABLE}.
$secret = getenv('${WEBHOOK_SECRET_VARIABLE}');
$toleranceSeconds = ${INBOUND_SIGNATURE_TOLERANCE_SECONDS};
$rawBody = file_get_contents('php://input');

// X-Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
$timestamp = '';
$signatures = [];
foreach (explode(',', $_SERVER['HTTP_X_PORTAL_SIGNATURE'] ?? '') as $part) {
    [$name, $value] = array_pad(explode('=', trim($part), 2), 2, '');
    if ($name === 't') {
        $timestamp = $value;
    } elseif ($name === 'v1') {
        $signatures[] = $value;
    }
}
$expected = hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret);
$fresh = ctype_digit($timestamp) && abs(time() - (int) $timestamp) <= $toleranceSeconds;
$matches = array_filter($signatures, fn ($signature) => hash_equals($expected, $signature));
if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !$fresh || count($matches) === 0) {
    http_response_code(400);
    exit('Invalid signature');
}

// A retry of an event already handled is answered and skipped (keep the ids in your database).
$eventId = preg_replace('/[^A-Za-z0-9_]/', '', $_SERVER['HTTP_X_PORTAL_EVENT_ID'] ?? '');
$marker = @fopen(sys_get_temp_dir() . "/millstone-event-$eventId", 'x');
if ($marker !== false) {
    fclose($marker);
    $payload = json_decode($rawBody, true);
    $data = $payload['data'];
    switch ($payload['event']) {
        case 'ticket.created':
            error_log("New ticket {$data['id']} for {$data['customer_id']} - {$data['subject']}");
            break;
        case 'call.completed':
            error_log("Call {$data['call_id']} took {$data['duration']} seconds: {$data['resolution']}");
            break;
        default:
            error_log("Received {$payload['event']} $eventId");
    }
}

// Keep this quick (hand slow work to a queue): a delivery must get a 2xx within 10 seconds.
http_response_code(200);`,
});

/** Every sample of the page, for the API at `baseUrl` (`https://…/v1`, no trailing slash). */
export function docsSamples(baseUrl: string) {
  return {
    listAgents: listAgents(baseUrl),
    createTicket: createTicket(baseUrl),
    getTicket: getTicket(baseUrl),
    listTickets: listTickets(baseUrl),
    authenticatedClient: authenticatedClient(baseUrl),
    rateLimitAware: rateLimitAware(baseUrl),
    webhookReceiver: webhookReceiver(),
  } satisfies Record<string, SampleCode>;
}
export type DocsSamples = ReturnType<typeof docsSamples>;
