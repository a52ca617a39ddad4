import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, startSession } from '@/lib/session';
import { fakeAdapter } from '@/testing/fake-adapter';
import { demo } from '@/testing/sessions';
import { downloadAnswerFile } from './download-answer-file';

const originalAdapter = api.defaults.adapter;

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  clearSession();
  vi.restoreAllMocks();
});

describe('downloadAnswerFile', () => {
  it('fetches the answer with the bearer token and saves it under the file’s name', async () => {
    startSession({ admin: demo.eventAdmin().user, token: 'access-token', refreshToken: 'r' });
    const content = new Blob(['%PDF-1.7']);
    const { adapter, seen } = fakeAdapter(() => ({ status: 200, data: content }));
    api.defaults.adapter = adapter;
    URL.createObjectURL = vi.fn(() => 'blob:answer');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('cv.pdf');
      expect(this.href).toBe('blob:answer');
    });

    await downloadAnswerFile({ badgeId: 12, customFieldId: 4, fileName: 'cv.pdf' });

    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/admin/exhibitor-users/12/files/4',
        authorization: 'Bearer access-token',
      }),
    ]);
    expect(URL.createObjectURL).toHaveBeenCalledWith(content);
    expect(click).toHaveBeenCalledOnce();
  });
});
