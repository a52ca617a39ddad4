import type { BadgeRegistered, RegisterBadgeBody } from '@portal/shared/registration-links';
import { useMutation } from '@tanstack/react-query';
import { REGISTRATION_TIMEOUT_MS } from '@/config/app';
import { api } from '@/lib/api-client';
import { badgeRequestBody, type BadgeFile } from '@/lib/badge-form-data';

/**
 * Registers a badge through a badge link, files as `customField[{id}]` parts. Sending the same
 * email again answers the same and registers nothing more, so a retry after a lost answer is safe.
 */
export async function registerBadge({
  linkId,
  body,
  files,
}: {
  linkId: string;
  body: RegisterBadgeBody;
  files: BadgeFile[];
}): Promise<BadgeRegistered> {
  const { data } = await api.post<{ data: BadgeRegistered }>(
    `/admin/registration-links/${encodeURIComponent(linkId)}/create-user`,
    badgeRequestBody(body, files),
    { skipAuth: true, timeout: REGISTRATION_TIMEOUT_MS },
  );
  return data.data;
}

export function useRegisterBadge({ onSuccess }: { onSuccess: (registered: BadgeRegistered) => void }) {
  return useMutation({ mutationFn: registerBadge, onSuccess });
}
