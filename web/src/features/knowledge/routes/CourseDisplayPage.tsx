import { ArrowLeftOutlined, DownOutlined, ShoppingCartOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { CourseDetail } from '../../../api/generated/types.gen';
import { useLoginPath } from '../../../components/LoginRequired';
import { LinkButton } from '../../../components/LinkButton';
import { QueryBody } from '../../../components/QueryBody';
import { accessOf } from '../../../lib/access';
import { cx } from '../../../lib/classNames';
import { formatYuan } from '../../../lib/money';
import { useSession } from '../../../lib/session';
import { useCourseDetail } from '../api/queries';
import { CourseHero } from '../components/CourseHero';
import { CourseTree } from '../components/CourseTree';
import { PointDetail } from '../components/PointDetail';
import { useCoursePurchase } from '../components/useCoursePurchase';
import { ExerciseDialog, type PracticedResource } from '../learning/ExerciseDialog';
import { NextStepBanner } from '../learning/NextStepBanner';
import { isResume } from '../learning/resume';
import { useCourseLearning, usePointVisit } from '../learning/useCourseLearning';
import {
  ancestorKeys,
  courseIdOf,
  filterTree,
  firstPointKey,
  flattenNodes,
  keyOfPoint,
  keyTree,
  nodesByKey,
  parseKpTree,
} from '../model';
import { KNOWLEDGE_PATHS } from '../paths';
import { KNOWLEDGE_TEXT } from '../texts';
import styles from './CourseDisplayPage.module.css';

/** Below this width the tree folds away above the lesson (the CSS module's breakpoint). */
const NARROW_QUERY = '(max-width: 899px)';

/** /knowledge/courses/display/{courseId} (spec 3 section 2): a course's tree beside the chosen point. */
export default function CourseDisplayPage() {
  const { courseId } = useParams();
  const id = courseIdOf(courseId);
  const session = useSession();
  const signedIn = accessOf(session, Date.now()).isLoggedIn;
  const viewer = signedIn ? (session?.user.uuid ?? null) : null;
  const detail = useCourseDetail(id, viewer);
  const back = (
    <LinkButton
      to={KNOWLEDGE_PATHS.catalogue}
      type="link"
      icon={<ArrowLeftOutlined aria-hidden />}
      className={styles.back}
    >
      {KNOWLEDGE_TEXT.backToList}
    </LinkButton>
  );

  return (
    <div className={styles.page}>
      {back}
      <QueryBody
        query={detail}
        missing={id === null}
        notFoundTitle={KNOWLEDGE_TEXT.courseNotFound}
        errorTitle={KNOWLEDGE_TEXT.courseFailed}
        retryText={KNOWLEDGE_TEXT.retry}
      >
        {(data) => <CourseLearner key={data.course.kcId} detail={data} viewer={viewer} />}
      </QueryBody>
    </div>
  );
}

function CourseLearner({ detail, viewer }: { detail: CourseDetail; viewer: string | null }) {
  const { course } = detail;
  const signedIn = viewer !== null;
  const { state } = useLocation();
  const tree = useMemo(() => keyTree(parseKpTree(course.kpTree)), [course.kpTree]);
  const byKey = useMemo(() => nodesByKey(tree), [tree]);
  const order = useMemo(() => flattenNodes(tree).map((node) => node.key), [tree]);
  const [selectedKey, setSelectedKey] = useState<string | null>(() => {
    const next = detail.learning.next;
    const resumed = isResume(state) && next ? keyOfPoint(tree, next) : null;
    return resumed ?? firstPointKey(tree);
  });
  const [expandedKeys, setExpandedKeys] = useState<string[]>(() =>
    flattenNodes(tree)
      .filter((node) => node.children.length > 0)
      .map((node) => node.key),
  );
  const [query, setQuery] = useState('');
  const [treeOpen, setTreeOpen] = useState(false);
  const detailRef = useRef<HTMLDivElement>(null);
  const filtered = useMemo(() => filterTree(tree, query), [tree, query]);
  const buyAction = useBuyAction(detail, signedIn);
  const learning = useCourseLearning(detail, viewer);
  const [practiced, setPracticed] = useState<PracticedResource | null>(null);

  const search = (value: string) => {
    setQuery(value);
    // Open the way down to every match; the learner may fold them again.
    const opened = filterTree(tree, value).expandedKeys;
    setExpandedKeys((current) => [...new Set([...current, ...opened])]);
  };

  const open = (key: string) => {
    setSelectedKey(key);
    setExpandedKeys((current) => [...new Set([...current, ...ancestorKeys(key)])]);
    setTreeOpen(false);
    // On a phone the lesson sits below the tree: bring its start into view.
    if (window.matchMedia(NARROW_QUERY).matches) detailRef.current?.scrollIntoView?.({ behavior: 'smooth' });
    else window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const position = selectedKey ? order.indexOf(selectedKey) : -1;
  const selectedNode = selectedKey ? (byKey.get(selectedKey) ?? null) : null;
  const selectedPoint = selectedNode ? detail.points.find((point) => point.kpId === selectedNode.kpID) : undefined;
  usePointVisit(learning && selectedPoint && !selectedPoint.locked ? selectedPoint.kpId : null, learning?.noteOpened);
  const suggestedKey = learning?.next ? keyOfPoint(tree, learning.next) : null;

  return (
    <>
      <CourseHero course={course} readable={detail.readable} signedIn={signedIn} buyAction={buyAction} />
      {learning && (
        <NextStepBanner
          nextName={learning.next ? learning.nameOf(learning.next) || null : null}
          onGo={suggestedKey && suggestedKey !== selectedKey ? () => open(suggestedKey) : null}
          complete={learning.complete}
        />
      )}
      <div className={styles.layout}>
        <aside className={cx(styles.sider, treeOpen && styles.siderOpen)} aria-label={KNOWLEDGE_TEXT.structureTitle}>
          <div className={styles.siderHead}>
            <h2 className={styles.siderTitle}>{KNOWLEDGE_TEXT.structureTitle}</h2>
            <Button
              className={styles.toggle}
              type="text"
              size="small"
              aria-expanded={treeOpen}
              onClick={() => setTreeOpen((value) => !value)}
              icon={treeOpen ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              iconPlacement="end"
            >
              {treeOpen ? KNOWLEDGE_TEXT.hideStructure : KNOWLEDGE_TEXT.showStructure}
            </Button>
          </div>
          {selectedNode && !treeOpen && (
            <p className={styles.current}>
              {selectedNode.seqname} {selectedNode.name}
            </p>
          )}
          <div className={styles.siderBody}>
            <Input.Search
              allowClear
              placeholder={KNOWLEDGE_TEXT.pointSearchPlaceholder}
              aria-label={KNOWLEDGE_TEXT.pointSearchLabel}
              value={query}
              onChange={(event) => search(event.target.value)}
              className={styles.search}
            />
            <CourseTree
              nodes={filtered.nodes}
              selectedKey={selectedKey}
              onSelect={open}
              expandedKeys={expandedKeys}
              onExpand={setExpandedKeys}
              emptyText={tree.length === 0 ? KNOWLEDGE_TEXT.noStructure : KNOWLEDGE_TEXT.noPointMatch}
              markOf={learning?.markOf}
            />
          </div>
        </aside>
        <div className={styles.detail} ref={detailRef}>
          <PointDetail
            node={tree.length === 0 ? null : selectedNode}
            detail={detail}
            keyOfPoint={(kpId) => keyOfPoint(tree, kpId)}
            onOpen={open}
            previousKey={position > 0 ? order[position - 1] : null}
            nextKey={position >= 0 && position < order.length - 1 ? order[position + 1] : null}
            buyAction={buyAction}
            learning={learning}
            onPractice={(resource) => setPracticed({ krId: resource.krId, name: resource.name })}
          />
        </div>
      </div>
      {learning && viewer && (
        <ExerciseDialog
          resource={practiced}
          viewer={viewer}
          nameOf={learning.nameOf}
          onClose={() => setPracticed(null)}
        />
      )}
    </>
  );
}

/** A paid course not readable yet: the purchase for a member, sign-in (and back here) for a guest. */
function useBuyAction(detail: CourseDetail, signedIn: boolean): ReactNode {
  const { purchase, buying } = useCoursePurchase();
  const loginPath = useLoginPath();
  if (detail.readable) return null;
  if (!signedIn) {
    return (
      <LinkButton to={loginPath} type="primary" shape="round">
        {KNOWLEDGE_TEXT.loginToBuy}
      </LinkButton>
    );
  }
  return (
    <Button
      type="primary"
      shape="round"
      icon={<ShoppingCartOutlined aria-hidden />}
      loading={buying}
      onClick={() => purchase(detail.course)}
    >
      {KNOWLEDGE_TEXT.buyNow(formatYuan(detail.course.fee))}
    </Button>
  );
}
