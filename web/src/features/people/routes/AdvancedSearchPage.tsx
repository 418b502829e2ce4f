import { useCallback, useState } from 'react';
import { cx } from '../../../lib/classNames';
import type { PageProps } from '../../../lib/page';
import { useAdvancedSearch } from '../api/discovery';
import { PeoplePage } from '../components/PeoplePage';
import { PeopleList } from '../components/PeopleList';
import { PersonCard, type PersonAction } from '../components/PersonCard';
import { SearchFiltersForm } from '../components/SearchFiltersForm';
import page from '../page.module.css';
import {
  clearRanges,
  emptyFilters,
  loadRanges,
  RESET_RANGES,
  saveRanges,
  SEARCH_PAGE_SIZES,
  searchRequest,
  type SearchFilters,
  type SliderRanges,
} from '../search';
import { PEOPLE_TEXT } from '../texts';
import styles from './AdvancedSearchPage.module.css';

/** Spec 2 section 2.8: view, chat, like, blacklist (the card adds the children tag). */
const ACTIONS: readonly PersonAction[] = ['view', 'chat', 'like', 'blacklist'];

const sameRequest = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

function Search({ viewer }: { viewer: string }) {
  // Searched at once with what the sliders kept, so the screen opens on results.
  const [initial] = useState(() => emptyFilters(loadRanges(localStorage)));
  const [filters, setFilters] = useState(initial);
  const [paging, setPaging] = useState({ page: 1, pageSize: SEARCH_PAGE_SIZES[0] });
  const request = searchRequest(filters, paging.page, paging.pageSize);
  const results = useAdvancedSearch(viewer, request);

  const search = (next: SearchFilters) => {
    // Searching again for the same filters asks the server again rather than showing the kept page.
    if (sameRequest(searchRequest(next, 1, paging.pageSize), request)) void results.refetch();
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const reset = (): SearchFilters => {
    clearRanges(localStorage);
    const fresh = emptyFilters(RESET_RANGES);
    setFilters(fresh);
    setPaging((current) => ({ ...current, page: 1 }));
    return fresh;
  };

  const changePage = useCallback(
    (page: number, pageSize: number) =>
      setPaging((current) => ({ page: pageSize === current.pageSize ? page : 1, pageSize })),
    [],
  );

  return (
    <>
      <section className={cx(page.panel, page.plain, styles.filters)} aria-label={PEOPLE_TEXT.filtersTitle}>
        <SearchFiltersForm
          initial={initial}
          onSearch={search}
          onRangesChange={(ranges: SliderRanges) => saveRanges(localStorage, ranges)}
          onReset={reset}
          searching={results.isFetching}
        />
      </section>
      <section className={cx(page.panel, page.plain)} aria-label={PEOPLE_TEXT.resultsTitle}>
        <PeopleList
          list={results}
          failure={PEOPLE_TEXT.searchFailed}
          empty={PEOPLE_TEXT.emptySearch}
          keyword=""
          page={paging.page}
          pageSize={paging.pageSize}
          pageSizeOptions={SEARCH_PAGE_SIZES}
          onPageChange={changePage}
          renderCard={(person) => <PersonCard key={person.uuid} person={person} actions={ACTIONS} />}
        />
      </section>
    </>
  );
}

/** /search (spec 2 section 2.8): the advanced search. */
export default function AdvancedSearchPage({ title }: PageProps) {
  return (
    <PeoplePage title={title} subtitle={PEOPLE_TEXT.searchSubtitle}>
      {(viewer) => <Search key={viewer} viewer={viewer} />}
    </PeoplePage>
  );
}
