import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSiteConfigQueryKey } from '../api/generated/@tanstack/react-query.gen';
import { getSiteConfig } from '../api/generated/sdk.gen';
import { unwrap } from './api';

/** Site-wide settings (filing number, which WeChat logins are on); they change only on redeploy. */
export const siteConfigQuery = queryOptions({
  queryKey: getSiteConfigQueryKey(),
  queryFn: ({ signal }) => unwrap(getSiteConfig({ signal, throwOnError: true })),
  staleTime: Infinity,
  retry: 1,
});

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
