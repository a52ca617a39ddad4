import { describe, expect, it } from 'vitest';
import { DEFAULT_MONITORING_SAMPLE_RATE, monitoringSettings, startMonitoring } from './monitoring';

describe('monitoring settings', () => {
  it('starts only with a collector address and a rate above zero', () => {
    expect(monitoringSettings({})).toBeNull();
    expect(monitoringSettings({ dsn: '  ' })).toBeNull();
    expect(monitoringSettings({ dsn: 'https://key@collector.example/1', sampleRate: '0' })).toBeNull();
    expect(monitoringSettings({ dsn: 'https://key@collector.example/1', sampleRate: '-1' })).toBeNull();
    expect(monitoringSettings({ dsn: 'https://key@collector.example/1', sampleRate: 'lots' })).toBeNull();
  });

  it('reads the sampling rate from configuration, 0.99 when unset, at most 1', () => {
    expect(monitoringSettings({ dsn: 'https://key@collector.example/1' })).toEqual({
      dsn: 'https://key@collector.example/1',
      sampleRate: DEFAULT_MONITORING_SAMPLE_RATE,
    });
    expect(DEFAULT_MONITORING_SAMPLE_RATE).toBe(0.99);
    expect(monitoringSettings({ dsn: 'https://k@c.example/1', sampleRate: '0.25' })?.sampleRate).toBe(0.25);
    expect(monitoringSettings({ dsn: 'https://k@c.example/1', sampleRate: '3' })?.sampleRate).toBe(1);
  });

  it('does not start without settings', async () => {
    expect(await startMonitoring(null)).toBe(false);
  });
});
