import { LinkButton } from '../../../components/LinkButton';
import { cx } from '../../../lib/classNames';
import type { PageProps } from '../../../lib/page';
import { useRecommended } from '../api/discovery';
import { PAGE_SIZE } from '../api/lists';
import { FitScore } from '../components/FitScore';
import { PeoplePage } from '../components/PeoplePage';
import { SearchablePeopleList } from '../components/SearchablePeopleList';
import { PersonCard, type PersonAction } from '../components/PersonCard';
import { useListControls } from '../components/useListControls';
import page from '../page.module.css';
import { PEOPLE_TEXT } from '../texts';

const ONE_LIST = ['recommend'] as const;

/** Spec 2 section 2.5: view detail, chat, like, blacklist. */
const ACTIONS: readonly PersonAction[] = ['view', 'chat', 'like', 'blacklist'];

function Recommendations({ viewer }: { viewer: string }) {
  const controls = useListControls(ONE_LIST);
  const list = useRecommended(viewer, controls.page, controls.keyword);

  return (
    <div className={cx(page.panel, page.plain)}>
      <SearchablePeopleList
        controls={controls}
        list={list}
        failure={PEOPLE_TEXT.recommendFailed}
        empty={PEOPLE_TEXT.emptyRecommend}
        emptyAction={
          <LinkButton to="/user/info" type="primary">
            {PEOPLE_TEXT.completeProfile}
          </LinkButton>
        }
        pageSize={PAGE_SIZE}
        renderCard={(person) => (
          <PersonCard key={person.uuid} person={person} actions={ACTIONS} extra={<FitScore fit={person} />} />
        )}
      />
    </div>
  );
}

/** /people (spec 2 section 2.5): recommended people, best fit first. */
export default function RecommendPage({ title }: PageProps) {
  return (
    <PeoplePage title={title} subtitle={PEOPLE_TEXT.recommendSubtitle}>
      {(viewer) => <Recommendations key={viewer} viewer={viewer} />}
    </PeoplePage>
  );
}
