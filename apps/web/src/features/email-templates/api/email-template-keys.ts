import type { ListEmailTemplatesQuery } from '@portal/shared/email-templates';

export type EmailTemplateFilters = Pick<ListEmailTemplatesQuery, 'eventId' | 'purpose' | 'search'> & {
  page: number;
  sort: string;
};

export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  lists: () => [...emailTemplateKeys.all, 'list'] as const,
  list: (filters: EmailTemplateFilters) => [...emailTemplateKeys.lists(), filters] as const,
  detail: (id: number) => [...emailTemplateKeys.all, 'detail', id] as const,
  eventOptions: () => [...emailTemplateKeys.all, 'event-options'] as const,
  categories: (eventId: number) => [...emailTemplateKeys.all, 'categories', eventId] as const,
};
