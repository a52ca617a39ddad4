import { BADGE_LAYOUT_IMAGE_FIELD, type BadgeLayoutImageKind } from '@portal/shared/badge-layouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { badgeLayoutKeys } from './badge-layout-keys';

const imageUrl = (layoutId: number, kind: BadgeLayoutImageKind) => `/admin/badge-layouts/${layoutId}/${kind}`;

export async function uploadLayoutImage({
  layoutId,
  kind,
  file,
}: {
  layoutId: number;
  kind: BadgeLayoutImageKind;
  file: File;
}): Promise<void> {
  const form = new FormData();
  form.append(BADGE_LAYOUT_IMAGE_FIELD, file);
  await api.put(imageUrl(layoutId, kind), form);
}

export async function removeLayoutImage({ layoutId, kind }: { layoutId: number; kind: BadgeLayoutImageKind }): Promise<void> {
  await api.delete(imageUrl(layoutId, kind));
}

/**
 * Uploads or removes a layout's logo or background image, saved at once apart from the layout's
 * design; the layout (its `hasLogo`, `hasBackgroundImage`) and the previews are then read again.
 */
export function useLayoutImageChanges(eventId: number, layoutId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: badgeLayoutKeys.layout(layoutId) }),
      queryClient.invalidateQueries({ queryKey: badgeLayoutKeys.event(eventId) }),
    ]);
  const upload = useMutation({ mutationFn: uploadLayoutImage, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removeLayoutImage, onSuccess: refresh });
  return { upload, remove };
}
