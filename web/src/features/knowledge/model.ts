import type {
  Course,
  KnowledgePrerequisite,
  KnowledgeRelation,
  KnowledgeResource,
} from '../../api/generated/types.gen';
import { formatYuan } from '../../lib/money';

/** One node of a course's structure (spec 3: kpTree, JSON text of {kpID, seqname, name, children}). */
export interface KpNode {
  kpID: number;
  seqname: string;
  name: string;
  children: KpNode[];
}

function nodeOf(value: unknown): KpNode | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  // The server writes kpID; older editors wrote kpId.
  const id = Number(raw.kpID ?? raw.kpId ?? 0);
  return {
    kpID: Number.isFinite(id) ? id : 0,
    seqname: typeof raw.seqname === 'string' ? raw.seqname : '',
    name: typeof raw.name === 'string' ? raw.name : '',
    children: Array.isArray(raw.children) ? nodesOf(raw.children) : [],
  };
}

function nodesOf(values: unknown[]): KpNode[] {
  return values.map(nodeOf).filter((node): node is KpNode => node !== null);
}

/**
 * The course's tree from its JSON text: a list of roots or a single root. A course whose text is
 * empty or not JSON shows as having no structure rather than breaking the page.
 */
export function parseKpTree(text: string | null | undefined): KpNode[] {
  if (!text || !text.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return nodesOf(parsed);
    const root = nodeOf(parsed);
    return root ? [root] : [];
  } catch {
    return [];
  }
}

/** Every node, all levels down. */
export function countNodes(nodes: readonly KpNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);
}

/** Every node in reading order (depth first), as the tree shows them. */
export function flattenNodes<T extends { children: T[] }>(nodes: readonly T[]): T[] {
  return nodes.flatMap((node) => [node, ...flattenNodes(node.children)]);
}

const MINUTES_PER_POINT = 15;
const MIN_COURSE_MINUTES = 30;

/** Spec 3 section 9: the larger of 30 and 15 per knowledge point (all levels counted), in minutes. */
export function courseMinutes(kpTree: string): number {
  return Math.max(MIN_COURSE_MINUTES, MINUTES_PER_POINT * countNodes(parseKpTree(kpTree)));
}

/** A tree node's label: its sequence number (1.2) and name. */
export function nodeTitle(node: KpNode): string {
  return node.seqname ? `${node.seqname} ${node.name}` : node.name;
}

/** A node with its key in the tree widget: its path of positions ("0-2-1"), unique even if a point repeats. */
export interface KeyedNode extends KpNode {
  key: string;
  children: KeyedNode[];
}

/** Gives every node its key, once, so a selection survives searching and clearing the search. */
export function keyTree(nodes: readonly KpNode[], parent = ''): KeyedNode[] {
  return nodes.map((node, index) => {
    const key = parent ? `${parent}-${index}` : String(index);
    return { ...node, key, children: keyTree(node.children, key) };
  });
}

export interface TreeFilterResult {
  nodes: KeyedNode[];
  /** Every node kept for a match below it, to open them. */
  expandedKeys: string[];
}

/**
 * The tree as the search leaves it: a node stays when its name or number holds the words, or
 * when something below it does (so the path to a match stays visible, and opened).
 */
export function filterTree(nodes: readonly KeyedNode[], query: string): TreeFilterResult {
  const needle = query.trim().toLowerCase();
  if (!needle) return { nodes: [...nodes], expandedKeys: [] };
  const expandedKeys: string[] = [];
  const visit = (level: readonly KeyedNode[]): KeyedNode[] =>
    level.flatMap((node) => {
      const children = visit(node.children);
      if (children.length > 0) expandedKeys.push(node.key);
      else if (!nodeTitle(node).toLowerCase().includes(needle)) return [];
      return [{ ...node, children }];
    });
  return { nodes: visit(nodes), expandedKeys };
}

/** Every node by its key. */
export function nodesByKey(nodes: readonly KeyedNode[]): Map<string, KeyedNode> {
  return new Map(flattenNodes(nodes).map((node) => [node.key, node]));
}

/** The first node that names a point (reading order), for the page to open on. */
export function firstPointKey(nodes: readonly KeyedNode[]): string | null {
  return flattenNodes(nodes).find((node) => node.kpID > 0)?.key ?? null;
}

/** The key of the node naming a point, to jump to a prerequisite in this course. */
export function keyOfPoint(nodes: readonly KeyedNode[], kpId: number): string | null {
  return flattenNodes(nodes).find((node) => node.kpID === kpId)?.key ?? null;
}

/** Every ancestor key of a key ("0-2-1" → "0", "0-2"), to open the tree down to it. */
export function ancestorKeys(key: string): string[] {
  const parts = key.split('-');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('-'));
}

export type CourseAction = 'continue' | 'start' | 'buy' | 'login';

/**
 * Spec 3 section 2, the card's button: 继续学习 (bought), 开始学习 (free), 购买学习 (paid, not
 * bought), 登录后学习 (a guest). Spec 3 section 4 asks a guest to sign in first whatever the
 * course (learning is recorded per member); the display page itself stays open to guests.
 */
export function courseAction(course: Pick<Course, 'fee' | 'isAcquired'>, signedIn: boolean): CourseAction {
  if (!signedIn) return 'login';
  if (isFree(course)) return 'start';
  return course.isAcquired > 0 ? 'continue' : 'buy';
}

/** Spec 3: a fee of 0 or missing is free. */
export function isFree(course: Pick<Course, 'fee'>): boolean {
  return !course.fee || course.fee <= 0;
}

export type BalanceCheck = { enough: true } | { enough: false; message: string };

/** Spec 3 sections 4 and 5: the client-side check before buying, with the spec's words when short. */
export function checkBalance(feeFen: number, balanceFen: number): BalanceCheck {
  if (balanceFen >= feeFen) return { enough: true };
  return {
    enough: false,
    message: `余额不足，需要 ${formatYuan(feeFen)}，当前余额 ${formatYuan(balanceFen)}，请先充值`,
  };
}

export const BANNER_COUNT = 5;

/** Spec 3: a course without an uploaded banner shows bundled banner number kcId mod 5. */
export function bannerIndex(kcId: number): number {
  return ((Math.trunc(kcId) % BANNER_COUNT) + BANNER_COUNT) % BANNER_COUNT;
}

export interface CourseFilter {
  keyword: string;
  /** '' is every category. */
  category: string;
  /** 0 is every level. */
  level: number;
}

/** Spec 3: search by name or description, then the category and level filters, all on the loaded list. */
export function filterCourses(courses: readonly Course[], filter: CourseFilter): Course[] {
  const needle = filter.keyword.trim().toLowerCase();
  return courses.filter(
    (course) =>
      (!needle || course.name.toLowerCase().includes(needle) || course.description.toLowerCase().includes(needle)) &&
      (!filter.category || course.category.trim() === filter.category) &&
      (!filter.level || course.level === filter.level),
  );
}

/** The categories the loaded courses use, each once, in the order they first appear. */
export function categoriesOf(courses: readonly Course[]): string[] {
  return [...new Set(courses.map((course) => course.category.trim()).filter(Boolean))];
}

/** The part of a list a client-side page shows (1-based page). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** The points to learn before this one (spec 3: parentKpId is learned before childKpId), each once. */
export function prerequisiteIdsOf(
  kpId: number,
  prerequisites: readonly Pick<KnowledgePrerequisite, 'parentKpId' | 'childKpId'>[],
): number[] {
  return [...new Set(prerequisites.filter((link) => link.childKpId === kpId).map((link) => link.parentKpId))];
}

/** The resources bound to a point, each once, in the order the server lists them. */
export function resourcesOf<R extends Pick<KnowledgeResource, 'krId'>>(
  kpId: number,
  relations: readonly Pick<KnowledgeRelation, 'kpId' | 'krId'>[],
  resources: readonly R[],
): R[] {
  const bound = new Set(relations.filter((relation) => relation.kpId === kpId).map((relation) => relation.krId));
  return resources.filter((resource) => bound.has(resource.krId));
}

/** A course id from the address: a positive whole number, or null (then the course does not exist). */
export function courseIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
