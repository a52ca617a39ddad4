import { CUSTOM_FIELD_TYPES, type CustomFieldType, type PublicCustomField } from '@portal/shared/custom-fields';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CustomFieldInput } from './custom-field-input';
import { answerProblem, emptyAnswer, type CustomFieldAnswer } from './custom-field-rules';

const OPTIONS = [
  { value: 'veg', label: 'Vegetarian' },
  { value: 'vegan', label: 'Vegan' },
];

function fieldOf(type: CustomFieldType, overrides: Partial<PublicCustomField> = {}): PublicCustomField {
  return {
    id: 1,
    key: `answer_${type}`,
    label: `Answer ${type}`,
    type,
    options: ['select', 'multiselect', 'radio'].includes(type) ? OPTIONS : [],
    required: true,
    helpText: null,
    validation: {},
    sortOrder: 0,
    ...overrides,
  };
}

function Harness({ field }: { field: PublicCustomField }) {
  const [value, setValue] = useState<CustomFieldAnswer>(emptyAnswer(field));
  const problem = answerProblem(field, value);
  return (
    <>
      <CustomFieldInput field={field} value={value} onChange={setValue} error={problem ?? undefined} />
      <output data-testid="value">{JSON.stringify(value instanceof File ? value.name : value)}</output>
    </>
  );
}

describe('CustomFieldInput', () => {
  it.each(CUSTOM_FIELD_TYPES)('renders a %s field that is required until answered', (type) => {
    render(<Harness field={fieldOf(type)} />);
    expect(screen.getByText('Required')).toBeTruthy();
    if (type === 'checkbox') fireEvent.click(screen.getByLabelText(/Answer checkbox/));
    else if (type === 'radio' || type === 'multiselect') fireEvent.click(screen.getByLabelText('Vegan'));
    else if (type === 'file') {
      const file = new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' });
      fireEvent.change(screen.getByLabelText(/Answer file/), { target: { files: [file] } });
    } else {
      const answers: Partial<Record<CustomFieldType, string>> = {
        text: 'Engineer',
        textarea: 'Arrives late',
        number: '7.25',
        email: 'ola@nordlys.example',
        phone: '+47 22 33 44 55',
        date: '2027-03-16',
        select: 'veg',
        country: 'NO',
      };
      fireEvent.change(screen.getByLabelText(new RegExp(`Answer ${type}`)), { target: { value: answers[type] } });
    }
    expect(screen.queryByText('Required')).toBeNull();
    expect(screen.queryByRole('paragraph', { name: /error/ })).toBeNull();
  });

  it('checks answers by the field’s rules, in the server’s words', () => {
    expect(answerProblem(fieldOf('text', { validation: { min: 3 } }), 'ab')).toBe('At least 3 characters');
    expect(answerProblem(fieldOf('text', { validation: { pattern: '[A-Z]{2}\\d+' } }), 'ab1')).toBe(
      'Not in the expected format',
    );
    expect(answerProblem(fieldOf('number', { validation: { max: 10 } }), '11')).toBe('At most 10');
    expect(answerProblem(fieldOf('number'), 'seven')).toBe('Enter a number');
    expect(answerProblem(fieldOf('email'), 'not-an-address')).toBe('Enter a valid email address');
    expect(answerProblem(fieldOf('phone'), '12')).toBe('Enter a phone number, such as +44 20 7946 0000');
    expect(answerProblem(fieldOf('date', { validation: { minDate: '2027-03-01' } }), '2027-02-28')).toBe(
      'On or after 2027-03-01',
    );
    expect(answerProblem(fieldOf('multiselect', { validation: { max: 1 } }), ['veg', 'vegan'])).toBe(
      'Choose at most 1',
    );
    expect(answerProblem(fieldOf('select'), 'fish')).toBe('Choose one of the options');
    expect(answerProblem(fieldOf('country'), 'ZZ')).toBe('Choose a country (two-letter ISO code)');
    const big = new File([new Uint8Array(2048)], 'big.pdf', { type: 'application/pdf' });
    expect(answerProblem(fieldOf('file', { validation: { maxFileSizeBytes: 1024 } }), big)).toBe('At most 1 KB');
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    expect(answerProblem(fieldOf('file', { validation: { allowedMimeTypes: ['application/pdf'] } }), exe)).toBe(
      'This type of file is not accepted; use PDF',
    );
    expect(answerProblem(fieldOf('file'), null, true)).toBeNull();
    expect(answerProblem(fieldOf('text', { required: false }), '')).toBeNull();
  });
});
