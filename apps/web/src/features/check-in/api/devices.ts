import type { Device, DeviceBody, Pairing } from '@portal/shared/check-in';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkInKeys } from './check-in-keys';

export async function getDevices(eventId: number): Promise<Device[]> {
  const { data } = await api.get<{ data: Device[] }>(`/admin/events/${eventId}/check-in-devices`);
  return data.data;
}

export const devicesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: checkInKeys.devices(eventId), queryFn: () => getDevices(eventId) });

/** Refreshed every minute while shown: a device's status and last contact change as the doors work. */
export function useDevices(eventId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...devicesQueryOptions(eventId), refetchInterval: 60_000, enabled });
}

export async function createDevice({ eventId, body }: { eventId: number; body: DeviceBody }): Promise<Pairing> {
  const { data } = await api.post<{ data: Pairing }>(`/admin/events/${eventId}/check-in-devices`, body);
  return data.data;
}

export async function updateDevice({ id, body }: { id: number; body: DeviceBody }): Promise<Device> {
  const { data } = await api.put<{ data: Device }>(`/admin/check-in-devices/${id}`, body);
  return data.data;
}

/** A new code: pairing with it replaces the device's token. */
export async function renewPairingCode(id: number): Promise<Pairing> {
  const { data } = await api.post<{ data: Pairing }>(`/admin/check-in-devices/${id}/pairing-code`);
  return data.data;
}

export async function revokeDevice(id: number): Promise<Device> {
  const { data } = await api.post<{ data: Device }>(`/admin/check-in-devices/${id}/revoke`);
  return data.data;
}

function useInvalidateDevices(eventId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: checkInKeys.devices(eventId) });
}

export function useCreateDevice(eventId: number) {
  const invalidate = useInvalidateDevices(eventId);
  return useMutation({ mutationFn: (body: DeviceBody) => createDevice({ eventId, body }), onSuccess: invalidate });
}

export function useUpdateDevice(eventId: number) {
  const invalidate = useInvalidateDevices(eventId);
  return useMutation({ mutationFn: updateDevice, onSuccess: invalidate });
}

export function useRenewPairingCode(eventId: number) {
  const invalidate = useInvalidateDevices(eventId);
  return useMutation({ mutationFn: renewPairingCode, onSuccess: invalidate });
}

export function useRevokeDevice(eventId: number) {
  const invalidate = useInvalidateDevices(eventId);
  return useMutation({ mutationFn: revokeDevice, onSuccess: invalidate });
}
