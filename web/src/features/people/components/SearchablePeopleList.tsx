import type { PersonCard } from '../../../api/generated/types.gen';
import { ListToolbar } from './ListToolbar';
import { PeopleList, type PeopleListProps } from './PeopleList';
import type { ListControlsApi } from './useListControls';

type SearchControls = Pick<
  ListControlsApi<string>,
  'input' | 'setInput' | 'searchNow' | 'keyword' | 'page' | 'setPage'
>;

interface SearchablePeopleListProps<T extends PersonCard> extends Omit<
  PeopleListProps<T>,
  'keyword' | 'page' | 'onPageChange'
> {
  controls: SearchControls;
}

/** A people list under its search box and refresh button, both wired to the list's controls. */
export function SearchablePeopleList<T extends PersonCard>({ controls, list, ...shown }: SearchablePeopleListProps<T>) {
  return (
    <>
      <ListToolbar
        input={controls.input}
        onInput={controls.setInput}
        onSearch={controls.searchNow}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching && !list.isPending}
      />
      <PeopleList
        list={list}
        keyword={controls.keyword}
        page={controls.page}
        onPageChange={controls.setPage}
        {...shown}
      />
    </>
  );
}
