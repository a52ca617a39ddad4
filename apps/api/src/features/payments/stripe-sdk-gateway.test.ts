import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeSdkGateway, verifyStripeEvent } from './stripe-provider';

type Call = { url: string; method: string; body: string; headers: Record<string, string> };

/** The official SDK with its HTTP client pointed at canned answers: what it sends is checked, nothing leaves the machine. */
function sdkWith(answers: Record<string, object>) {
  const calls: Call[] = [];
  const fetchFn = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ url, method: init?.method ?? 'GET', body: String(init?.body ?? ''), headers });
    const path = new URL(url).pathname;
    const answer = answers[path];
    return new Response(JSON.stringify(answer ?? { error: { message: `No such path ${path}` } }), {
      status: answer ? 200 : 404,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  }) as typeof fetch;
  const stripe = new Stripe('sk_test_offline', {
    httpClient: Stripe.createFetchHttpClient(fetchFn),
    maxNetworkRetries: 0,
  });
  return { gateway: createStripeSdkGateway(stripe), calls };
}

describe('the Stripe SDK gateway', () => {
  it('creates a Checkout Session with the amount and an idempotency key', async () => {
    const { gateway, calls } = sdkWith({
      '/v1/checkout/sessions': {
        id: 'cs_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_1',
      },
    });
    const session = await gateway.createCheckoutSession(
      {
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: 7500, product_data: { name: 'Badges' } } },
        ],
        success_url: 'https://portal.test/payment-status/7',
      },
      'checkout-7-1',
    );
    expect(session).toEqual({ id: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' });
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.headers['idempotency-key']).toBe('checkout-7-1');
    expect(call!.headers.authorization).toBe('Bearer sk_test_offline');
    expect(decodeURIComponent(call!.body)).toContain('line_items[0][price_data][unit_amount]=7500');
  });

  it('reads a session, its payment intent with the refunded amount, and refunds', async () => {
    const { gateway, calls } = sdkWith({
      '/v1/checkout/sessions/cs_2': {
        id: 'cs_2',
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_2',
      },
      '/v1/payment_intents/pi_2': {
        id: 'pi_2',
        object: 'payment_intent',
        status: 'succeeded',
        latest_charge: { id: 'ch_2', object: 'charge', amount_refunded: 1500 },
      },
      '/v1/refunds': { id: 're_2', object: 'refund', status: 'succeeded' },
    });
    expect(await gateway.retrieveCheckoutSession('cs_2')).toEqual({
      id: 'cs_2',
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_2',
    });
    expect(await gateway.retrievePaymentIntent('pi_2')).toEqual({
      id: 'pi_2',
      status: 'succeeded',
      amountRefunded: 1500,
    });
    expect(decodeURIComponent(calls[1]!.url)).toContain('expand[0]=latest_charge');
    expect(await gateway.createRefund('pi_2', 1500, 'refund-2-1500')).toEqual({ id: 're_2', status: 'succeeded' });
    expect(calls[2]!.body).toBe('payment_intent=pi_2&amount=1500');
  });

  it('verifies webhook signatures offline', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1' } },
    });
    const secret = 'whsec_offline';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(verifyStripeEvent(Buffer.from(payload), header, secret).id).toBe('evt_1');
    expect(() => verifyStripeEvent(Buffer.from(payload.replace('cs_1', 'cs_9')), header, secret)).toThrow();
  });
});
