import { Tabs } from 'antd';
import { LinkButton } from '../../../components/LinkButton';
import type { PageProps } from '../../../lib/page';
import { PAGE_SIZE, useLikeList, type LikeList } from '../api/lists';
import { PeoplePage } from '../components/PeoplePage';
import { SearchablePeopleList } from '../components/SearchablePeopleList';
import { PersonCard, type PersonAction } from '../components/PersonCard';
import { useListControls } from '../components/useListControls';
import page from '../page.module.css';
import { PEOPLE_TEXT } from '../texts';

const TABS: readonly [LikeList, ...LikeList[]] = ['likedme', 'liked', 'mutualliked'];

const LABELS: Record<LikeList, string> = {
  likedme: PEOPLE_TEXT.tabLikedMe,
  liked: PEOPLE_TEXT.tabLiked,
  mutualliked: PEOPLE_TEXT.tabMutual,
};

const EMPTY: Record<LikeList, string> = {
  likedme: PEOPLE_TEXT.emptyLikedMe,
  liked: PEOPLE_TEXT.emptyLiked,
  mutualliked: PEOPLE_TEXT.emptyMutual,
};

/** Spec 2 section 2.6: the likedme tab offers a like, the others an unlike; all offer blacklist. */
const ACTIONS: Record<LikeList, readonly PersonAction[]> = {
  likedme: ['view', 'chat', 'like', 'blacklist'],
  liked: ['view', 'chat', 'unlike', 'blacklist'],
  mutualliked: ['view', 'chat', 'unlike', 'blacklist'],
};

const EMPTY_ACTION: Partial<Record<LikeList, { to: string; label: string }>> = {
  likedme: { to: '/user/info', label: PEOPLE_TEXT.completeProfile },
  liked: { to: '/people', label: PEOPLE_TEXT.goRecommend },
  mutualliked: { to: '/people', label: PEOPLE_TEXT.goRecommend },
};

function Interactions({ viewer }: { viewer: string }) {
  const controls = useListControls(TABS);
  const list = useLikeList(viewer, controls.tab, controls.page, controls.keyword);
  const emptyAction = EMPTY_ACTION[controls.tab];

  return (
    <div className={page.panel}>
      <Tabs
        activeKey={controls.tab}
        onChange={(key) => controls.switchTab(key as LikeList)}
        items={TABS.map((tab) => ({ key: tab, label: LABELS[tab] }))}
      />
      <SearchablePeopleList
        controls={controls}
        list={list}
        failure={PEOPLE_TEXT.listFailed}
        empty={EMPTY[controls.tab]}
        emptyAction={
          emptyAction && (
            <LinkButton to={emptyAction.to} type="primary">
              {emptyAction.label}
            </LinkButton>
          )
        }
        pageSize={PAGE_SIZE}
        renderCard={(person) => <PersonCard key={person.uuid} person={person} actions={ACTIONS[controls.tab]} />}
      />
    </div>
  );
}

/** /like (spec 2 section 2.6): who likes me, whom I like, and mutual likes. */
export default function LikePage({ title }: PageProps) {
  return (
    <PeoplePage title={title} subtitle={PEOPLE_TEXT.likeSubtitle}>
      {(viewer) => <Interactions key={viewer} viewer={viewer} />}
    </PeoplePage>
  );
}
