import {
  BADGE_LAYOUT_IMAGE_CONTENT_TYPES,
  BADGE_LAYOUT_IMAGE_FIELD,
  BADGE_LAYOUT_IMAGE_MAX_BYTES,
  type BadgeLayoutImageKind,
} from '@portal/shared/badge-layouts';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PictureInput, pictureRefusal } from '@/components/form/picture-input';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLayoutImageChanges } from '../api/layout-images';

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

type ImageFieldProps = { eventId: number; layoutId: number; kind: BadgeLayoutImageKind; present: boolean };

/** One picture of the layout: uploaded (saved at once, apart from the design) or removed after a question. */
function ImageField({ eventId, layoutId, kind, present }: ImageFieldProps) {
  const { upload, remove } = useLayoutImageChanges(eventId, layoutId);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const { title, noun, use, none } = IMAGES[kind];

  const refusalOf = (failure: unknown) => pictureRefusal(failure, BADGE_LAYOUT_IMAGE_FIELD, `The ${noun} could not be saved. Please try again.`);

  function choose(file: File) {
    setError(undefined);
    upload.mutate({ layoutId, kind, file }, { onSuccess: () => toast.success(`${title} saved`), onError: (failure) => setError(refusalOf(failure)) });
  }

  return (
    <section aria-labelledby={`layout-${kind}-heading`} className="grid gap-2">
      <div>
        <h3 id={`layout-${kind}-heading`} className="text-sm font-semibold">
          {title}
        </h3>
        <p className="text-xs text-muted-foreground">{present ? `${use} Uploaded.` : none}</p>
      </div>
      <PictureInput
        id={`layout-${kind}`}
        label={present ? `Replace ${noun}` : `Upload ${noun}`}
        contentTypes={BADGE_LAYOUT_IMAGE_CONTENT_TYPES}
        maxBytes={BADGE_LAYOUT_IMAGE_MAX_BYTES}
        pending={upload.isPending}
        error={error}
        onRefused={setError}
        onChoose={choose}
      />
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
                setError(refusalOf(failure));
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
