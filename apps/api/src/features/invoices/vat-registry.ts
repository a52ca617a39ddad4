/**
 * A live check of VAT IDs against the EU's VIES registry, before a purchase takes the reverse
 * charge on one. Off by default (`VAT_REGISTRY=off`): format and check digits are always checked
 * (jsvat), and a portal without network access cannot ask VIES.
 */
export type VatRegistryAnswer = 'valid' | 'invalid' | 'unavailable';

export interface VatRegistry {
  readonly enabled: boolean;
  check(vatId: string): Promise<VatRegistryAnswer>;
}

export const noVatRegistry: VatRegistry = { enabled: false, check: async () => 'valid' };

/** VIES's REST service: `POST {countryCode, vatNumber}` answers `{valid}`. Greece's IDs say EL, as VIES expects. */
export function viesRegistry(url: string, timeoutMs = 5_000): VatRegistry {
  return {
    enabled: true,
    async check(vatId) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: vatId.slice(0, 2), vatNumber: vatId.slice(2) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return 'unavailable';
        const body = (await response.json()) as { valid?: unknown };
        return typeof body.valid === 'boolean' ? (body.valid ? 'valid' : 'invalid') : 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}
