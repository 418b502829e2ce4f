import { Tabs } from 'antd';
import { LinkButton } from '../../../components/LinkButton';
import type { PageProps } from '../../../lib/page';
import { PAGE_SIZE, useVisitList, type VisitList } from '../api/lists';
import { PeoplePage } from '../components/PeoplePage';
import { SearchablePeopleList } from '../components/SearchablePeopleList';
import { PersonCard, type PersonAction } from '../components/PersonCard';
import { useListControls } from '../components/useListControls';
import { VisitInfo } from '../components/VisitInfo';
import page from '../page.module.css';
import { PEOPLE_TEXT } from '../texts';

const TABS: readonly [VisitList, ...VisitList[]] = ['visitedme', 'visited'];

const LABELS: Record<VisitList, string> = {
  visitedme: PEOPLE_TEXT.tabVisitedMe,
  visited: PEOPLE_TEXT.tabVisited,
};

const EMPTY: Record<VisitList, { text: string; to: string; label: string }> = {
  visitedme: { text: PEOPLE_TEXT.emptyVisitedMe, to: '/user/info', label: PEOPLE_TEXT.completeProfile },
  visited: { text: PEOPLE_TEXT.emptyVisited, to: '/people', label: PEOPLE_TEXT.goRecommend },
};

/** Spec 2 section 2.7: view detail, chat, like, add to blacklist. */
const ACTIONS: readonly PersonAction[] = ['view', 'chat', 'like', 'blacklist'];

function Visits({ viewer }: { viewer: string }) {
  const controls = useListControls(TABS);
  const list = useVisitList(viewer, controls.tab, controls.page, controls.keyword);
  const empty = EMPTY[controls.tab];

  return (
    <div className={page.panel}>
      <Tabs
        activeKey={controls.tab}
        onChange={(key) => controls.switchTab(key as VisitList)}
        items={TABS.map((tab) => ({ key: tab, label: LABELS[tab] }))}
      />
      <SearchablePeopleList
        controls={controls}
        list={list}
        failure={PEOPLE_TEXT.listFailed}
        empty={empty.text}
        emptyAction={
          <LinkButton to={empty.to} type="primary">
            {empty.label}
          </LinkButton>
        }
        pageSize={PAGE_SIZE}
        renderCard={(person) => (
          <PersonCard
            key={person.uuid}
            person={person}
            actions={ACTIONS}
            extra={<VisitInfo visit={person} direction={controls.tab} />}
          />
        )}
      />
    </div>
  );
}

/** /visite (spec 2 section 2.7): who viewed me and whom I viewed. */
export default function VisitorsPage({ title }: PageProps) {
  return (
    <PeoplePage title={title} subtitle={PEOPLE_TEXT.visitorsSubtitle}>
      {(viewer) => <Visits key={viewer} viewer={viewer} />}
    </PeoplePage>
  );
}
