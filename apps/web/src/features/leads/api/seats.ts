import type { LeadAccess, LeadSeats, LeadSeatsBody } from '@portal/shared/leads';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadKeys } from './lead-keys';

export async function getLeadSeats(): Promise<LeadSeats> {
  const { data } = await api.get<{ data: LeadSeats }>('/leads/seats');
  return data.data;
}

export async function updateLeadSeats(body: LeadSeatsBody): Promise<LeadSeats> {
  const { data } = await api.put<{ data: LeadSeats }>('/leads/seats', body);
  return data.data;
}

export async function getLeadAccess(): Promise<LeadAccess> {
  const { data } = await api.get<{ data: LeadAccess }>('/leads/access');
  return data.data;
}

/** The lead-scanning seats bought and who holds one: the exhibitor account's alone. */
export function useLeadSeats({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: leadKeys.seats(), queryFn: getLeadSeats, enabled });
}

export function useUpdateLeadSeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadSeats,
    onSuccess: (seats) => {
      queryClient.setQueryData(leadKeys.seats(), seats);
      // The exhibitor's own seat decides whether its scanner opens.
      void queryClient.invalidateQueries({ queryKey: leadKeys.access() });
    },
  });
}

/** Whether the signed-in member of the staff may scan now, and if not, why. */
export function useLeadAccess() {
  return useQuery({ queryKey: leadKeys.access(), queryFn: getLeadAccess });
}
