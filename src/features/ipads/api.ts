/**
 * The iPad calls of spec 000 section 7 as react-query keys, queries and mutations. Other
 * features use iPads through this file (or the exported components), never the internals.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { devicesEndpoints, type IpadResponse } from '../../contract/devices';
import { servicesEndpoints, type Service } from '../../contract/services';
import { SERVICES_PAGE_SIZE } from '../../contract/common';
import { call } from '../../lib/api/client';

export const ipadKeys = {
  all: ['ipads'] as const,
  lists: () => [...ipadKeys.all, 'list'] as const,
  list: (serviceId?: string) => [...ipadKeys.lists(), serviceId ?? null] as const,
  details: () => [...ipadKeys.all, 'detail'] as const,
  detail: (id: string) => [...ipadKeys.details(), id] as const,
};

/** While the Add iPad page waits for the kiosk, it asks this often (realtime usually wins). */
export const SETUP_POLL_INTERVAL_MS = 5_000;

export const ipadQueries = {
  list: (serviceId?: string) =>
    queryOptions({
      queryKey: ipadKeys.list(serviceId),
      queryFn: ({ signal }) => call(devicesEndpoints.list, { query: { service_unique_identifier: serviceId }, signal }),
      select: (data) => data.ipads,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ipadKeys.detail(id),
      queryFn: ({ signal }) => call(devicesEndpoints.get, { params: { id }, signal }),
      select: (data) => data.ipad,
    }),
};

/** The Send Service picker needs every service; pages are read until one is not full. */
const PICKER_MAX_PAGES = 20;

async function allServices(signal: AbortSignal): Promise<Service[]> {
  const services: Service[] = [];
  for (let page = 1; page <= PICKER_MAX_PAGES; page++) {
    const data = await call(servicesEndpoints.list, { query: { page }, signal });
    services.push(...data.services);
    if (data.services.length < SERVICES_PAGE_SIZE) break;
  }
  return services;
}

export const servicesForIpadsQuery = () =>
  queryOptions({
    queryKey: [...ipadKeys.all, 'service-options'] as const,
    queryFn: ({ signal }) => allServices(signal),
  });

/** The services feature caches a service's iPads under this prefix (its "Send Service to iPad" tab). */
const SERVICE_IPADS_PREFIX = ['services', 'ipads'] as const;

/** Forms show their own errors: no global toast (see the style guide's error flow). */
const SILENT = { silent: true } as const;

/** Every call that answers the updated iPad stores it and refreshes the lists that show it. */
function useStoreIpad() {
  const queryClient = useQueryClient();
  return (data: IpadResponse) => {
    queryClient.setQueryData(ipadKeys.detail(data.ipad.unique_identifier), data);
    void queryClient.invalidateQueries({ queryKey: ipadKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: SERVICE_IPADS_PREFIX });
  };
}

function useIpadWrite<V>(fn: (vars: V) => Promise<IpadResponse>) {
  const store = useStoreIpad();
  return useMutation({ mutationFn: fn, onSuccess: store, meta: SILENT });
}

export const useUpdateIpad = (id: string) => useIpadWrite((body: { ipad_name: string }) => call(devicesEndpoints.update, { params: { id }, body }));

export const useSendService = (id: string) =>
  useIpadWrite((serviceId: string) => call(devicesEndpoints.sendService, { params: { id }, body: { service_unique_identifier: serviceId } }));

export const useRemoveService = (id: string) => useIpadWrite(() => call(devicesEndpoints.removeService, { params: { id } }));

/** For lists with a row per iPad: the iPad is a variable, not a hook argument. */
export function useAssignService() {
  const store = useStoreIpad();
  return useMutation({
    mutationFn: (vars: { ipadId: string; serviceId: string | null }) =>
      vars.serviceId
        ? call(devicesEndpoints.sendService, { params: { id: vars.ipadId }, body: { service_unique_identifier: vars.serviceId } })
        : call(devicesEndpoints.removeService, { params: { id: vars.ipadId } }),
    onSuccess: store,
    meta: SILENT,
  });
}

export function useAddIpad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ipad_name: string }) => call(devicesEndpoints.add, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ipadKeys.lists() }),
    meta: SILENT,
  });
}

export function useCreateSetupToken(id: string) {
  return useMutation({ mutationFn: () => call(devicesEndpoints.createSetupToken, { params: { id } }), meta: SILENT });
}
