import { useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

type NumberInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number;
  onValue: (value: number) => void;
};

/**
 * A number field that hands on each value it can read, while keeping what is typed ("12.", an empty
 * field) as typed; a value changed elsewhere (a drag on the preview) replaces the text.
 */
export function NumberInput({ value, onValue, ...props }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  return (
    <Input
      {...props}
      type="number"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const number = typed.trim() === '' ? Number.NaN : Number(typed);
        if (Number.isFinite(number)) {
          setShown(number);
          onValue(number);
        }
      }}
    />
  );
}
