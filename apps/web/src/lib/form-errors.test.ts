import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './form-errors';

function serverError(details: { field: string; message: string }[], message = 'Some answers are not valid') {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status: 400,
    statusText: 'Bad Request',
    headers: {},
    config,
    data: { statusCode: 400, error: 'Bad Request', message, details },
  });
}

type Values = { label: string; options: string[]; validation: { maxFileSizeMb: string } };

describe('applyServerErrors', () => {
  it('puts each detail on its field, a nested path on its top field, and a renamed value on the field that edits it', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(
      serverError([
        { field: 'label', message: 'Required' },
        { field: 'options.2.value', message: 'Twice' },
        { field: 'validation.maxFileSizeBytes', message: 'At most 10 MiB' },
      ]),
      setError,
      ['label', 'options', ['validation.maxFileSizeBytes', 'validation.maxFileSizeMb']],
    );
    expect(setError.mock.calls.map(([field, error]) => [field, error.message])).toEqual([
      ['label', 'Required'],
      ['options', 'Twice'],
      ['validation.maxFileSizeMb', 'At most 10 MiB'],
    ]);
    expect(setError.mock.calls[0]![2]).toEqual({ shouldFocus: true });
    expect(setError.mock.calls[1]![2]).toEqual({ shouldFocus: false });
  });

  it('shows the message on the form when no detail names a field of the form', () => {
    const setError = vi.fn();
    applyServerErrors<Values>(serverError([{ field: 'elsewhere', message: 'No' }], 'Not allowed'), setError, ['label']);
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'Not allowed' });
    applyServerErrors<Values>(new Error('network'), setError, ['label'], 'Try again');
    expect(setError).toHaveBeenLastCalledWith('root.server', { type: 'server', message: 'Try again' });
  });
});
