import { formatBytes } from '@portal/shared/custom-fields';
import {
  BADGE_LAYOUT_IMAGE_CONTENT_TYPES,
  BADGE_LAYOUT_IMAGE_FIELD,
  BADGE_LAYOUT_IMAGE_MAX_BYTES,
  type BadgeLayoutImageKind,
} from '@portal/shared/badge-layouts';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorBody } from '@/lib/api-client';
import { useLayoutImageChanges } from '../api/layout-images';

const ACCEPTED: readonly string[] = BADGE_LAYOUT_IMAGE_CONTENT_TYPES;

const IMAGES: Record<BadgeLayoutImageKind, { title: string; noun: string; use: string; none: string }> = {
  logo: {
    title: 'Logo',
    noun: 'logo',
    use: 'Printed where the layout has a Logo element, fitted into its box.',
    none: 'No logo: Logo elements stay empty.',
  },
  background: {
    title: 'Background image',
    noun: 'background image',
    use: 'Fills the whole badge, under every element.',
    none: 'No background image.',
  },
};

/** The server's word on the file, else its message. */
function refusalOf(error: unknown, noun: string): string {
  const body = apiErrorBody(error);
  return (
    body?.details?.find((detail) => detail.field === BADGE_LAYOUT_IMAGE_FIELD)?.message ??
    body?.message ??
    `The ${noun} could not be saved. Please try again.`
  );
}

type ImageFieldProps = { eventId: number; layoutId: number; kind: BadgeLayoutImageKind; present: boolean };

/** One picture of the layout: uploaded (saved at once, apart from the design) or removed after a question. */
function ImageField({ eventId, layoutId, kind, present }: ImageFieldProps) {
  const { upload, remove } = useLayoutImageChanges(eventId, layoutId);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { title, noun, use, none } = IMAGES[kind];

  function choose(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return setError('Choose a PNG or JPEG picture');
    if (file.size > BADGE_LAYOUT_IMAGE_MAX_BYTES) return setError(`The file is larger than ${formatBytes(BADGE_LAYOUT_IMAGE_MAX_BYTES)}`);
    setError(undefined);
    upload.mutate(
      { layoutId, kind, file },
      { onSuccess: () => toast.success(`${title} saved`), onError: (failure) => setError(refusalOf(failure, noun)) },
    );
  }

  return (
    <section aria-labelledby={`layout-${kind}-heading`} className="grid gap-2">
      <div>
        <h3 id={`layout-${kind}-heading`} className="text-sm font-semibold">
          {title}
        </h3>
        <p className="text-xs text-muted-foreground">{present ? `${use} Uploaded.` : none}</p>
      </div>
      <FormField
        id={`layout-${kind}`}
        label={present ? `Replace ${noun}` : `Upload ${noun}`}
        error={error}
        hint={`PNG or JPEG, up to ${formatBytes(BADGE_LAYOUT_IMAGE_MAX_BYTES)}`}
      >
        {(control) => (
          <Input
            {...control}
            ref={input}
            type="file"
            accept={ACCEPTED.join(',')}
            disabled={upload.isPending}
            onChange={(event) => choose(event.target.files?.[0])}
            className="py-1.5 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium"
          />
        )}
      </FormField>
      {upload.isPending && <Spinner size="sm" label={`Uploading the ${noun}`} />}
      {present && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={remove.isPending}>
            Remove {noun}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove the ${noun}?`}
        description={`Badges printed with this layout from now on show no ${noun}.`}
        confirmLabel={`Remove ${noun}`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { layoutId, kind },
            {
              onSuccess: () => {
                setConfirming(false);
                setError(undefined);
                toast.success(`${title} removed`);
              },
              onError: (failure) => {
                setConfirming(false);
                setError(refusalOf(failure, noun));
              },
            },
          )
        }
      />
    </section>
  );
}

type LayoutImagesProps = { eventId: number; layoutId: number; hasLogo: boolean; hasBackgroundImage: boolean };

/** The layout's logo and background image; the preview shows them as soon as they are saved. */
export function LayoutImages({ eventId, layoutId, hasLogo, hasBackgroundImage }: LayoutImagesProps) {
  return (
    <div className="grid gap-5">
      <ImageField eventId={eventId} layoutId={layoutId} kind="logo" present={hasLogo} />
      <ImageField eventId={eventId} layoutId={layoutId} kind="background" present={hasBackgroundImage} />
    </div>
  );
}
