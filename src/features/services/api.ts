/** Query keys, query options and mutations of the services screens. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { SERVICES_PAGE_SIZE } from '../../contract/common';
import { buildPath } from '../../contract/endpoint';
import { devicesEndpoints } from '../../contract/devices';
import { servicesBinaryRoutes, servicesEndpoints, type Service } from '../../contract/services';
import { call, download } from '../../lib/api/client';
import { buildServiceFormData, nextPageParam, type ServiceFormValues } from './model';

export const serviceKeys = {
  all: ['services'] as const,
  lists: () => [...serviceKeys.all, 'list'] as const,
  details: () => [...serviceKeys.all, 'detail'] as const,
  detail: (id: string) => [...serviceKeys.details(), id] as const,
  obituaries: () => [...serviceKeys.all, 'obituaries'] as const,
  ipads: (id: string) => [...serviceKeys.all, 'ipads', id] as const,
};

export const servicesListOptions = () =>
  infiniteQueryOptions({
    queryKey: serviceKeys.lists(),
    queryFn: ({ pageParam, signal }) => call(servicesEndpoints.list, { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => nextPageParam(last.services.length, pages.length, SERVICES_PAGE_SIZE),
  });

export const serviceOptions = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.detail(id),
    queryFn: ({ signal }) => call(servicesEndpoints.get, { params: { id }, signal }).then((r) => r.service),
  });

export const obituariesOptions = () =>
  queryOptions({
    queryKey: serviceKeys.obituaries(),
    queryFn: ({ signal }) => call(servicesEndpoints.obituaries, { signal }),
    staleTime: 60_000,
  });

/** The account's iPads, with the service each shows, for the "Send Service to iPad" tab. */
export const serviceIpadsOptions = (serviceId: string) =>
  queryOptions({
    queryKey: serviceKeys.ipads(serviceId),
    queryFn: ({ signal }) => call(devicesEndpoints.list, { query: { service_unique_identifier: serviceId }, signal }).then((r) => r.ipads),
  });

/** The obituary's photo, through the server (the obituary site is another origin). */
export function fetchObituaryPhoto(obituaryId: string): Promise<Blob> {
  return download(buildPath(servicesBinaryRoutes.obituaryAvatar.path, { id: obituaryId }));
}

/** After any change the returned service replaces the cached one; the lists are refetched. */
function useStoreService() {
  const queryClient = useQueryClient();
  return (service: Service) => {
    queryClient.setQueryData(serviceKeys.detail(service.unique_identifier), service);
    void queryClient.invalidateQueries({ queryKey: serviceKeys.lists() });
  };
}

export function useCreateService() {
  const store = useStoreService();
  return useMutation({
    mutationFn: ({ values, photo }: { values: ServiceFormValues; photo: Blob }) =>
      call(servicesEndpoints.create, { formData: buildServiceFormData(values, photo) }).then((r) => r.service),
    onSuccess: store,
    meta: { silent: true },
  });
}

export function useUpdateService(id: string) {
  const store = useStoreService();
  return useMutation({
    mutationFn: ({ values, photo }: { values: ServiceFormValues; photo: Blob | null }) =>
      call(servicesEndpoints.update, { params: { id }, formData: buildServiceFormData(values, photo) }).then((r) => r.service),
    onSuccess: store,
    meta: { silent: true },
  });
}

export function useStartService(id: string) {
  const store = useStoreService();
  return useMutation({ mutationFn: () => call(servicesEndpoints.start, { params: { id } }).then((r) => r.service), onSuccess: store, meta: { silent: true } });
}

export function useEndService(id: string) {
  const store = useStoreService();
  return useMutation({ mutationFn: () => call(servicesEndpoints.end, { params: { id } }).then((r) => r.service), onSuccess: store, meta: { silent: true } });
}

/** Renders the framed QR code on the server; answers the PDF's address. */
export function useFramePdf(id: string) {
  return useMutation({
    mutationFn: (svg: string) => call(servicesEndpoints.svgToPng, { params: { id }, body: { svg } }).then((r) => r.resulting_pdf_url),
    meta: { silent: true },
  });
}

export function useSendToIpad(serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ipadId, assign }: { ipadId: string; assign: boolean }) =>
      assign
        ? call(devicesEndpoints.sendService, { params: { id: ipadId }, body: { service_unique_identifier: serviceId } })
        : call(devicesEndpoints.removeService, { params: { id: ipadId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.ipads(serviceId) }),
    meta: { silent: true },
  });
}
