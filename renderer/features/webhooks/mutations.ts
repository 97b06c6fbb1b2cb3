import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, CreatedWebhook } from '../../../shared/schemas';
import { useBridge } from '../../lib/bridgeContext';
import { errorCode, dataOrThrow } from '../../lib/bridgeErrors';
import { queryKeys } from '../../lib/queryKeys';

/** A service that turned out not to offer an extension: main remembers; its controls go. */
function useForgetIfNotOffered() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (errorCode(error) === 'not_found') void queryClient.invalidateQueries({ queryKey: ['serviceExtensions'] });
  };
}

/** Registers a webhook; the list is read again. */
export function useCreateWebhook(onCreated: (webhook: CreatedWebhook) => void) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) => dataOrThrow(bridge.createWebhook(body)),
    onSuccess: (webhook) => {
      onCreated(webhook);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
    },
  });
}

/** Deletes a webhook; the list is read again. */
export function useDeleteWebhook(id: string, onDeleted: () => void) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOrThrow(bridge.deleteWebhook({ id })),
    onSuccess: () => {
      onDeleted();
      return queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
    },
  });
}

/** Pauses or resumes a webhook (an extension). */
export function useSetWebhookActive(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const forgetIfNotOffered = useForgetIfNotOffered();
  return useMutation({
    mutationFn: (active: boolean) => dataOrThrow(bridge.setWebhookActive({ id, active })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
    onError: forgetIfNotOffered,
  });
}

/** Sends a test event (an extension); the deliveries are read again. */
export function useSendWebhookTest(id: string) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const forgetIfNotOffered = useForgetIfNotOffered();
  return useMutation({
    mutationFn: () => dataOrThrow(bridge.sendWebhookTest({ id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(id) }),
    onError: forgetIfNotOffered,
  });
}
