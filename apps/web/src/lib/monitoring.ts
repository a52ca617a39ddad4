/** Spec §9: the sampling rate comes from configuration (0.99 by default); monitoring starts only above zero. */
export const DEFAULT_MONITORING_SAMPLE_RATE = 0.99;

export type MonitoringSettings = { dsn: string; sampleRate: number };

/** The settings monitoring starts with, or null when it must not start (no collector, or rate 0). */
export function monitoringSettings(env: { dsn?: string; sampleRate?: string }): MonitoringSettings | null {
  const dsn = env.dsn?.trim();
  const rate =
    env.sampleRate === undefined || env.sampleRate === '' ? DEFAULT_MONITORING_SAMPLE_RATE : Number(env.sampleRate);
  if (!dsn || !Number.isFinite(rate) || rate <= 0) return null;
  return { dsn, sampleRate: Math.min(rate, 1) };
}

type Reporter = { captureException(error: unknown, context?: { extra?: Record<string, unknown> }): unknown };
let reporter: Reporter | null = null;

/**
 * Starts error and performance monitoring when configured. The client library is loaded only
 * then, so an installation without a collector ships none of it.
 */
export async function startMonitoring(
  settings = monitoringSettings({
    dsn: import.meta.env.VITE_MONITORING_DSN,
    sampleRate: import.meta.env.VITE_MONITORING_SAMPLE_RATE,
  }),
): Promise<boolean> {
  if (!settings) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({ dsn: settings.dsn, sampleRate: settings.sampleRate, tracesSampleRate: settings.sampleRate });
  reporter = Sentry;
  return true;
}

/** Sends an error caught by the app (the generic error screen's "logged") to the collector, if any. */
export function reportError(error: unknown, extra?: Record<string, unknown>): void {
  reporter?.captureException(error, { extra });
}
