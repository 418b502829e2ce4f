import { useQuery } from '@tanstack/react-query';
import { getCaptcha } from '../../../api/generated/sdk.gen';
import { unwrap } from '../../../lib/api';
import { authKeys } from './keys';

/** A captcha is single-use: never cached beyond the form that shows it, fetched anew on request. */
export function useCaptcha() {
  const query = useQuery({
    queryKey: authKeys.captcha(),
    queryFn: ({ signal }) => unwrap(getCaptcha({ signal, throwOnError: true })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    captcha: query.data,
    isFetching: query.isFetching,
    isError: query.isError,
    refresh: () => void query.refetch(),
  };
}
