import type { PersonCard } from '../../api/generated/types.gen';

/** Spec 2 section 3: a card shows the nickname, else the username. */
export function displayName(person: Pick<PersonCard, 'nickname' | 'username'>): string {
  return person.nickname.trim() || person.username;
}

/** Spec 2 section 2.8: the children tag shows when the person has any. */
export function hasChildren(person: Pick<PersonCard, 'boyCount' | 'girlCount'>): boolean {
  return person.boyCount + person.girlCount > 0;
}

/** What a people list screen lets the member choose: the tab, the page and the search. */
export interface ListControls<T extends string> {
  tab: T;
  page: number;
  /** What is in the search box. */
  input: string;
  /** The search the list was asked for: the box's words once typing paused. */
  keyword: string;
}

export type ListControlsAction<T extends string> =
  { type: 'type'; input: string } | { type: 'search' } | { type: 'tab'; tab: T } | { type: 'page'; page: number };

export function initialListControls<T extends string>(tab: T): ListControls<T> {
  return { tab, page: 1, input: '', keyword: '' };
}

/**
 * Spec 2 section 4: switching tab clears the search and goes back to page 1 (the tab's list is
 * then loaded only if it is empty, which the list's cache decides). A new search starts at page 1.
 */
export function listControlsReducer<T extends string>(
  state: ListControls<T>,
  action: ListControlsAction<T>,
): ListControls<T> {
  switch (action.type) {
    case 'type':
      return { ...state, input: action.input };
    case 'search': {
      const keyword = state.input.trim();
      return keyword === state.keyword ? state : { ...state, keyword, page: 1 };
    }
    case 'tab':
      return action.tab === state.tab ? state : initialListControls(action.tab);
    case 'page':
      return { ...state, page: action.page };
  }
}

/** The last page of a list of `total` (at least 1). */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
