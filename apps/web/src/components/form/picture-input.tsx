import { formatBytes } from '@portal/shared/custom-fields';
import { useRef } from 'react';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { apiErrorBody } from '@/lib/api-client';

type PictureInputProps = {
  id: string;
  label: string;
  /** The PNG and JPEG types the server takes for this picture. */
  contentTypes: readonly string[];
  maxBytes: number;
  pending: boolean;
  error?: string;
  /** A file of the wrong type or size, refused before anything is sent. */
  onRefused: (message: string) => void;
  onChoose: (file: File) => void;
};

/**
 * A picture upload (an issuer's logo, a badge layout's logo or background): a file input that
 * refuses the wrong type or size at once and clears itself, so the same file can be chosen again.
 */
export function PictureInput({ id, label, contentTypes, maxBytes, pending, error, onRefused, onChoose }: PictureInputProps) {
  const input = useRef<HTMLInputElement>(null);

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!contentTypes.includes(file.type)) return onRefused('Choose a PNG or JPEG picture');
    if (file.size > maxBytes) return onRefused(`The file is larger than ${formatBytes(maxBytes)}`);
    onChoose(file);
  }

  return (
    <FormField id={id} label={label} error={error} hint={`PNG or JPEG, up to ${formatBytes(maxBytes)}`}>
      {(control) => (
        <Input
          {...control}
          ref={input}
          type="file"
          accept={contentTypes.join(',')}
          disabled={pending}
          onChange={(event) => choose(event.target.files?.[0])}
          className="py-1.5 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
        />
      )}
    </FormField>
  );
}

/** The server's word on the picture's field, else its message, else `fallback`. */
export function pictureRefusal(error: unknown, field: string, fallback: string): string {
  const body = apiErrorBody(error);
  return body?.details?.find((detail) => detail.field === field)?.message ?? body?.message ?? fallback;
}
