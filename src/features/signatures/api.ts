/**
 * Query keys, list queries and mutations of the signature screens. A mutation answers the
 * changed signature; it is written into every cached list the same way a realtime event is, so
 * no page of 50 is refetched for a one-row change.
 */
import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SIGNATURES_PAGE_SIZE } from '../../contract/common';
import {
  signaturesBinaryRoutes,
  signaturesEndpoints,
  SIGNATURES_CSV_FILE_NAME,
  type Signature,
  type UpdateTranscriptionBodySchema,
} from '../../contract/signatures';
import { call, download } from '../../lib/api/client';
import { applySignatureEventToPages, onlyPreneedParam, type SignatureEvent, type SignaturePage } from './model';

/** null: all signatures of the account (or of all accounts); else one service's. */
export type SignatureScope = string | null;

export const signatureKeys = {
  all: ['signatures'] as const,
  lists: () => [...signatureKeys.all, 'list'] as const,
  list: (serviceId: SignatureScope, onlyPreNeed: boolean) => [...signatureKeys.lists(), { serviceId, onlyPreNeed }] as const,
};

type ListKey = ReturnType<typeof signatureKeys.list>;

export const signaturesListOptions = (serviceId: SignatureScope, onlyPreNeed: boolean) =>
  infiniteQueryOptions({
    queryKey: signatureKeys.list(serviceId, onlyPreNeed),
    queryFn: ({ pageParam, signal }): Promise<SignaturePage> => {
      const query = { page: pageParam, onlyPreneed: onlyPreneedParam(onlyPreNeed) };
      return serviceId ? call(signaturesEndpoints.listForService, { params: { id: serviceId }, query, signal }) : call(signaturesEndpoints.list, { query, signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.signatures.length === SIGNATURES_PAGE_SIZE ? pages.length + 1 : undefined),
  });

/** Applies one event to every cached list, each with its own filter and scope. */
export function applyEventToCache(queryClient: QueryClient, event: SignatureEvent): void {
  for (const [key] of queryClient.getQueriesData<InfiniteData<SignaturePage>>({ queryKey: signatureKeys.lists() })) {
    const scope = (key as unknown as ListKey)[2];
    queryClient.setQueryData<InfiniteData<SignaturePage>>(key, (data) => applySignatureEventToPages(data, event, { onlyPreNeed: scope.onlyPreNeed, serviceId: scope.serviceId }));
  }
}

function useSignatureMutation<V>(fn: (id: string, vars: V) => Promise<{ signature: Signature }>, reason: 'transcription_confirmed' | 'retranscribe_queued' | 'synced_with_bridge' | 'leave_out') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vars }: { id: string; vars: V }) => fn(id, vars).then((r) => r.signature),
    onSuccess: (signature) => {
      const eventReason = reason === 'leave_out' ? (signature.leave_signature_out_of_printed_pdf_and_books ? 'left_out_of_printed_materials' : 'included_in_printed_materials') : reason;
      applyEventToCache(queryClient, { event: 'updated_signature', reason: eventReason, signature });
    },
    meta: { silent: true },
  });
}

export const useUpdateTranscription = () =>
  useSignatureMutation((id, body: z.input<typeof UpdateTranscriptionBodySchema>) => call(signaturesEndpoints.updateTranscription, { params: { id }, body }), 'transcription_confirmed');

export const useUpdateLeaveOut = () =>
  useSignatureMutation((id, leaveOut: boolean) => call(signaturesEndpoints.updateLeaveOut, { params: { id }, body: { leave_out_of_printed_materials: leaveOut } }), 'leave_out');

export const useRetranscribe = () => useSignatureMutation((id, _: void) => call(signaturesEndpoints.retranscribe, { params: { id } }), 'retranscribe_queued');

export const useSyncWithBridge = () => useSignatureMutation((id, _: void) => call(signaturesEndpoints.syncWithBridge, { params: { id } }), 'synced_with_bridge');

export function useRemoveSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: Signature) => call(signaturesEndpoints.remove, { params: { id: signature.unique_identifier } }).then(() => signature),
    onSuccess: (signature) =>
      applyEventToCache(queryClient, {
        event: 'removed_signature',
        signature_unique_identifier: signature.unique_identifier,
        service_unique_identifier: signature.service.unique_identifier,
      }),
    meta: { silent: true },
  });
}

/** The server's CSV of every matching row (not only the loaded pages), saved as signatures.csv. */
export async function downloadSignaturesCsv(serviceId: SignatureScope, onlyPreNeed: boolean): Promise<void> {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const blob = await download(signaturesBinaryRoutes.exportCsv.path, {
    onlyPreneed: onlyPreneedParam(onlyPreNeed),
    service_unique_identifier: serviceId ?? undefined,
    tz,
  });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = SIGNATURES_CSV_FILE_NAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
