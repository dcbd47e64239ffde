// Webhooks of the organisation (issue 15): list, create (the signing secret comes back
// once), change, delete, the delivery log and redelivery.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/api-schemas';
import type { components } from '../../../lib/api-types';

type Schemas = components['schemas'];
export type Webhook = Schemas['Webhook'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type CreatedWebhook = Webhook & { secret: string };

/** The events a webhook may take, in the server's order. */
export const WEBHOOK_EVENTS: WebhookEvent[] = [
  'punch.recorded',
  'application.submitted',
  'application.approved',
  'application.rejected',
  'application.cancelled',
  'person.created',
  'person.archived',
  'day.status_decided',
  'device.offline',
  'device.online',
];

export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
}

export const webhookKeys = {
  all: ['integrations', 'webhooks'] as const,
  deliveries: (id: number) => ['integrations', 'webhooks', id, 'deliveries'] as const,
};

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get<DataEnvelope<Webhook[]>>('/api/integrations/webhooks', undefined, signal).then((r) => r.data),
  });
}

export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookInput) => api.post<DataEnvelope<CreatedWebhook>>('/api/integrations/webhooks', body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: WebhookInput & { id: number; active: boolean }) =>
      api.put<DataEnvelope<Webhook>>(`/api/integrations/webhooks/${id}`, body).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/integrations/webhooks/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useWebhookDeliveries(id: number | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0),
    enabled: id != null,
    queryFn: ({ signal }) =>
      api.get<DataEnvelope<WebhookDelivery[]>>(`/api/integrations/webhooks/${id}/deliveries`, undefined, signal).then((r) => r.data),
  });
}

export function useRedeliver(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (delivery: number) =>
      api.post<DataEnvelope<WebhookDelivery>>(`/api/integrations/webhooks/${id}/deliveries/${delivery}/redeliver`, {}).then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
