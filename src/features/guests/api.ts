/** Query keys and calls of the public guest pages (no sign-in). */
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { FAMILY_SIGNATURES_PAGE_SIZE } from '../../contract/common';
import { guestsEndpoints, type SimpleSignatureFields } from '../../contract/guests';
import { servicesEndpoints } from '../../contract/services';
import { call } from '../../lib/api/client';

export const guestKeys = {
  all: ['guests'] as const,
  service: (id: string, invitation: string | null) => [...guestKeys.all, 'service', id, invitation] as const,
  registry: (id: string, invitation: string | null) => [...guestKeys.all, 'registry', id, invitation] as const,
};

export const publicServiceOptions = (id: string, invitation: string | null = null) =>
  queryOptions({
    queryKey: guestKeys.service(id, invitation),
    queryFn: ({ signal }) =>
      call(servicesEndpoints.anonGet, { params: { id }, query: { invitation_unique_identifier: invitation ?? undefined }, signal }).then((r) => r.service),
  });

export const registryOptions = (id: string, invitation: string | null) =>
  infiniteQueryOptions({
    queryKey: guestKeys.registry(id, invitation),
    queryFn: ({ pageParam, signal }) => call(guestsEndpoints.registry, { params: { id }, query: { page: pageParam, invitation_unique_identifier: invitation ?? undefined }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.signatures.length === FAMILY_SIGNATURES_PAGE_SIZE ? pages.length + 1 : undefined),
  });

export function useSignService(serviceId: string) {
  return useMutation({
    mutationFn: (body: SimpleSignatureFields) => call(guestsEndpoints.sign, { params: { id: serviceId }, body }),
    meta: { silent: true },
  });
}
