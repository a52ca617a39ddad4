import { afterEach, describe, expect, it } from 'vitest';
import { api, errorMessage } from '@/lib/api-client';
import { fakeAdapter } from '@/testing/fake-adapter';
import { attachmentFileName } from '@/lib/save-file';
import { exportCustomFields } from './export-custom-fields';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('attachmentFileName', () => {
  it('reads the name a Content-Disposition header gives', () => {
    expect(attachmentFileName('attachment; filename="custom-fields-2027-03-01.json"')).toBe(
      'custom-fields-2027-03-01.json',
    );
    expect(attachmentFileName('attachment; filename*=UTF-8\'\'felter-%C3%A5r.json; filename="x.json"')).toBe(
      'felter-år.json',
    );
    expect(attachmentFileName('attachment; filename=fields.json')).toBe('fields.json');
    expect(attachmentFileName('attachment')).toBeNull();
    expect(attachmentFileName(undefined)).toBeNull();
  });
});

describe('exportCustomFields', () => {
  it('makes the message of a refused export readable, though it was asked for as a blob', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'Event not found' };
    api.defaults.adapter = fakeAdapter(() => ({
      status: 404,
      data: new Blob([JSON.stringify(body)], { type: 'application/json' }),
    })).adapter;
    const error = await exportCustomFields(7).catch((caught: unknown) => caught);
    expect(errorMessage(error, 'fallback')).toBe('Event not found');
  });
});
