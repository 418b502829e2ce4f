import { useCallback, useEffect, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { initialListControls, listControlsReducer, type ListControls } from '../model';

/** Spec 2 sections 2.5 and 9: a search box asks for its list once typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;

const TAB_PARAM = 'tab';

export interface ListControlsApi<T extends string> extends ListControls<T> {
  setInput: (input: string) => void;
  /** Searches for the box's words at once (Enter, the search button). */
  searchNow: () => void;
  switchTab: (tab: T) => void;
  setPage: (page: number) => void;
}

/**
 * The tab, page and debounced search of a people list. With `tabs`, the tab is also kept in the
 * address (`?tab=liked`), so a link (the my page's tiles) can open a tab and a reload keeps it.
 */
export function useListControls<T extends string>(tabs: readonly [T, ...T[]]): ListControlsApi<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const [state, dispatch] = useReducer(listControlsReducer<T>, undefined, () => {
    const asked = searchParams.get(TAB_PARAM);
    return initialListControls(tabs.find((tab) => tab === asked) ?? tabs[0]);
  });

  useEffect(() => {
    if (state.input.trim() === state.keyword) return;
    const timer = window.setTimeout(() => dispatch({ type: 'search' }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [state.input, state.keyword]);

  const setInput = useCallback((input: string) => dispatch({ type: 'type', input }), []);
  const searchNow = useCallback(() => dispatch({ type: 'search' }), []);
  const setPage = useCallback((page: number) => dispatch({ type: 'page', page }), []);
  const switchTab = useCallback(
    (tab: T) => {
      dispatch({ type: 'tab', tab });
      if (tabs.length > 1) setSearchParams({ [TAB_PARAM]: tab }, { replace: true });
    },
    [tabs, setSearchParams],
  );

  return { ...state, setInput, searchNow, switchTab, setPage };
}
