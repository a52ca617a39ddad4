import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveDeliveryAddress, type AllowList, type ResolvedAddress, type Resolver } from './address-guard';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's bytes (Standard Webhooks). */
export function signature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export type SigningKeys = { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null };

/** The headers of one attempt; while a rotated-out secret has not expired it signs too, so either verifies. */
export function signedHeaders(
  keys: SigningKeys,
  messageId: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = [signature(keys.secret, messageId, timestamp, body)];
  if (keys.previousSecret && keys.previousSecretExpiresAt && keys.previousSecretExpiresAt > now) {
    signatures.push(signature(keys.previousSecret, messageId, timestamp, body));
  }
  return {
    'content-type': 'application/json',
    'user-agent': 'ExhibitorPortal-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}

export type AttemptOutcome = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null };

export type SendOptions = { allow: AllowList; resolve: Resolver; timeoutMs: number };

/** A lookup that answers the address already checked, whatever the name: DNS is not asked again. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** Sends one request to the pinned address; answers its status, reading (and dropping) at most a little of the body. */
function post(
  url: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(pinned),
        // A fresh connection each time: a pooled socket may lead to an address checked earlier.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * One attempt: the address checked now and pinned, the message posted, the receiver's answer
 * timed. A 2xx is a success; anything else, a refused address or a time-out is a failure whose
 * reason is kept for the delivery log. Redirects are not followed (they would skip the check).
 */
export async function sendWebhook(
  target: { url: string; keys: SigningKeys },
  message: { id: string; body: string },
  options: SendOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const pinned = await resolveDeliveryAddress(target.url, options.allow, options.resolve);
    const statusCode = await post(
      new URL(target.url),
      pinned,
      signedHeaders(target.keys, message.id, message.body),
      message.body,
      options.timeoutMs,
    );
    const ok = statusCode >= 200 && statusCode < 300;
    return { ok, statusCode, durationMs: elapsed(), error: ok ? null : `The receiver answered ${statusCode}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const reason = timedOut
      ? `No answer within ${options.timeoutMs / 1000} s`
      : error instanceof Error
        ? error.message
        : String(error);
    return { ok: false, statusCode: null, durationMs: elapsed(), error: reason.slice(0, 2000) };
  }
}
