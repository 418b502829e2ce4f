import type { PageProps } from '../../../lib/page';
import { cx } from '../../../lib/classNames';
import { PAGE_SIZE, useBlacklist } from '../api/lists';
import { PeoplePage } from '../components/PeoplePage';
import { SearchablePeopleList } from '../components/SearchablePeopleList';
import { PersonCard, type PersonAction } from '../components/PersonCard';
import { useListControls } from '../components/useListControls';
import page from '../page.module.css';
import { PEOPLE_TEXT } from '../texts';

const ONE_LIST = ['blacklist'] as const;

/**
 * Spec 2 section 2.9 lists view detail and remove from blacklist. A blacklisting hides the two
 * profiles from each other (the server answers 用户资料不存在 either way), so the card itself is
 * the detail here and removing is the one action.
 */
const ACTIONS: readonly PersonAction[] = ['unblock'];

function Blacklist({ viewer }: { viewer: string }) {
  const controls = useListControls(ONE_LIST);
  const list = useBlacklist(viewer, controls.page, controls.keyword);

  return (
    <div className={cx(page.panel, page.plain)}>
      <SearchablePeopleList
        controls={controls}
        list={list}
        failure={PEOPLE_TEXT.blacklistListFailed}
        empty={PEOPLE_TEXT.emptyBlacklist}
        pageSize={PAGE_SIZE}
        renderCard={(person) => <PersonCard key={person.uuid} person={person} actions={ACTIONS} />}
      />
    </div>
  );
}

/** /blacklist (spec 2 section 2.9). */
export default function BlacklistPage({ title }: PageProps) {
  return (
    <PeoplePage title={title} subtitle={PEOPLE_TEXT.blacklistSubtitle}>
      {(viewer) => <Blacklist key={viewer} viewer={viewer} />}
    </PeoplePage>
  );
}
