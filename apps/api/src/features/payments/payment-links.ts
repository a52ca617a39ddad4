import { createHmac, timingSafeEqual } from 'node:crypto';

/** The SPA's public status page of a purchase, with the capability that opens it. */
export const paymentStatusPath = (purchaseId: number, token: string) =>
  `/payment-status/${purchaseId}?t=${encodeURIComponent(token)}`;

/**
 * Capabilities for the public payment status of one purchase: `<expiry, base 36 seconds>.<HMAC>`,
 * the HMAC-SHA256 of the purchase id and the expiry under a key derived from the app secret (its
 * own key, so that a status link can never pass for an access token or the other way round). The
 * server hands one to the payer in the provider's return URL and the sandbox checkout's redirect;
 * purchase ids are sequential, so the id alone opens nothing.
 */
export function createPaymentStatusLinks(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('portal/payment-status-link/v1').digest();
  const mac = (purchaseId: number, expires: number) =>
    createHmac('sha256', key).update(`${purchaseId}.${expires}`).digest();
  const seconds = () => Math.floor(now() / 1000);
  const sign = (purchaseId: number): string => {
    const expires = seconds() + ttlSeconds;
    return `${expires.toString(36)}.${mac(purchaseId, expires).toString('base64url')}`;
  };

  return {
    sign,

    /** True when the token was made here for this purchase and has not expired. */
    verify(purchaseId: number, token: string | undefined): boolean {
      const match = token ? /^([0-9a-z]{1,11})\.([\w-]{43})$/.exec(token) : null;
      if (!match) return false;
      const expires = parseInt(match[1]!, 36);
      if (!(expires > seconds())) return false;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = mac(purchaseId, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    statusPath(purchaseId: number): string {
      return paymentStatusPath(purchaseId, sign(purchaseId));
    },
  };
}

export type PaymentStatusLinks = ReturnType<typeof createPaymentStatusLinks>;
