import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderRoutes } from '../../../test/render';
import { RANGES_STORAGE_KEY } from '../search';
import { bodiesOf, person, signIn } from '../testing';
import AdvancedSearchPage from './AdvancedSearchPage';

const SEARCH = '/api/v1/user/advsearch';
const HAO = person();
const page = (total: number, ...people: ReturnType<typeof person>[]) => ok({ users: people, total });

/** What a search with nothing chosen sends: sliders at full span set no limit. */
const UNFILTERED = {
  keyword: '',
  gender: '',
  ageMin: null,
  ageMax: null,
  heightMin: null,
  heightMax: null,
  weightMin: null,
  weightMax: null,
  educations: [],
  maritalStatus: [],
  maxBoys: 10,
  maxGirls: 10,
  hobbies: [],
  isVerified: 0,
  page: 1,
  pageSize: 12,
};

function renderSearch() {
  return renderRoutes([{ path: '/search', element: <AdvancedSearchPage title="搜索" /> }], '/search');
}

const filters = () => within(screen.getByRole('region', { name: '筛选条件' }));
const searchButton = () => filters().getByRole('button', { name: /搜\s*索/ });
const handle = (name: string) => filters().getByRole('slider', { name });

// The slider reads keyCode, which user-event's keyboard does not set.
const RIGHT = 39;
const LEFT = 37;
function press(name: string, keyCode: number, times: number) {
  for (let n = 0; n < times; n += 1) {
    fireEvent.keyDown(handle(name), { keyCode });
    fireEvent.keyUp(handle(name), { keyCode });
  }
}

// antd hides a radio button's own input from the pointer; people click its label.
const pickRadio = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(filters().getByRole('radio', { name }).closest('label')!);

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, ...options: string[]) {
  await user.click(filters().getByRole('combobox', { name: field }));
  for (const option of options) {
    await user.click(await screen.findByTitle(option));
  }
  await user.keyboard('{Escape}');
}

beforeEach(() => localStorage.removeItem(RANGES_STORAGE_KEY));

describe('AdvancedSearchPage', () => {
  it('searches at once with the default sliders, and tags a person with children', async () => {
    signIn();
    const calls = fakeApi({ [SEARCH]: [page(1, { ...HAO, boyCount: 1 })] });
    renderSearch();
    const card = await screen.findByRole('article', { name: '阿浩' });
    expect(within(card).getByText('有孩子')).toBeInTheDocument();
    expect(bodiesOf(calls, SEARCH)).toEqual([UNFILTERED]);
    expect(filters().getByText('18–80岁')).toBeInTheDocument();
    expect(filters().getByText('150–220cm')).toBeInTheDocument();
    expect(filters().getByText('40–120kg')).toBeInTheDocument();
    expect(filters().getAllByText('1–10个')).toHaveLength(2);
  });

  it('sends every chosen control: keyword, gender, education, marital status, hobby codes, verified', async () => {
    signIn();
    const calls = fakeApi({ [SEARCH]: [page(1, HAO), page(0)] });
    const user = userEvent.setup();
    renderSearch();
    await screen.findByRole('article', { name: '阿浩' });

    await user.type(filters().getByRole('textbox', { name: '关键词' }), '杭州');
    await pickRadio(user, '女');
    await choose(user, '学历', '本科', '硕士');
    await choose(user, '婚姻状况', '离异');
    await choose(user, '兴趣爱好', '摄影', '旅游');
    await user.click(filters().getByRole('switch', { name: '只看实名认证' }));
    await user.click(searchButton());

    expect(await screen.findByText('没有找到符合条件的人，试试放宽条件')).toBeInTheDocument();
    expect(bodiesOf(calls, SEARCH)[1]).toEqual({
      ...UNFILTERED,
      keyword: '杭州',
      gender: 'female',
      educations: ['本科', '硕士'],
      maritalStatus: ['离异'],
      hobbies: ['photo', 'travel'],
      isVerified: 1,
    });
  });

  it('keeps moved sliders in browser storage and sends their ends; boys and girls only the upper one', async () => {
    signIn();
    const calls = fakeApi({ [SEARCH]: [page(1, HAO)] });
    const user = userEvent.setup();
    renderSearch();
    await screen.findByRole('article', { name: '阿浩' });

    press('年龄下限', RIGHT, 2);
    press('男孩数量上限', LEFT, 1);
    expect(await filters().findByText('20–80岁')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(RANGES_STORAGE_KEY) ?? 'null')).toMatchObject({
      age: [20, 80],
      boys: [1, 9],
      girls: [1, 10],
    });

    await user.click(searchButton());
    await waitFor(() => expect(bodiesOf(calls, SEARCH)).toHaveLength(2));
    expect(bodiesOf(calls, SEARCH)[1]).toEqual({ ...UNFILTERED, ageMin: 20, ageMax: 80, maxBoys: 9 });
  });

  it('opens with the sliders kept in browser storage', async () => {
    signIn();
    localStorage.setItem(
      RANGES_STORAGE_KEY,
      JSON.stringify({ age: [25, 35], height: [160, 220], weight: [40, 120], boys: [0, 0], girls: [1, 10] }),
    );
    const calls = fakeApi({ [SEARCH]: [page(1, HAO)] });
    renderSearch();
    await screen.findByRole('article', { name: '阿浩' });
    expect(filters().getByText('25–35岁')).toBeInTheDocument();
    expect(bodiesOf(calls, SEARCH)).toEqual([
      { ...UNFILTERED, ageMin: 25, ageMax: 35, heightMin: 160, heightMax: 220, maxBoys: 0 },
    ]);
  });

  it('reset clears the kept sliders and the choices, with boys and girls at 0-10, and searches again', async () => {
    signIn();
    localStorage.setItem(
      RANGES_STORAGE_KEY,
      JSON.stringify({ age: [25, 35], height: [150, 220], weight: [40, 120], boys: [1, 3], girls: [1, 10] }),
    );
    const calls = fakeApi({ [SEARCH]: [page(1, HAO)] });
    const user = userEvent.setup();
    renderSearch();
    await screen.findByRole('article', { name: '阿浩' });
    await pickRadio(user, '男');

    await user.click(filters().getByRole('button', { name: /重\s*置/ }));
    expect(localStorage.getItem(RANGES_STORAGE_KEY)).toBeNull();
    expect(filters().getByText('18–80岁')).toBeInTheDocument();
    expect(filters().getAllByText('0–10个')).toHaveLength(2);
    expect(filters().getByRole('radio', { name: '不限' })).toBeChecked();
    await waitFor(() => expect(bodiesOf(calls, SEARCH)).toHaveLength(2));
    expect(bodiesOf(calls, SEARCH)[1]).toEqual(UNFILTERED);
  });

  it('pages through the results', async () => {
    signIn();
    const calls = fakeApi({ [SEARCH]: [page(30, HAO), page(30, { ...HAO, uuid: 'uuid-li', nickname: '小丽' })] });
    const user = userEvent.setup();
    renderSearch();
    await screen.findByRole('article', { name: '阿浩' });
    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByRole('article', { name: '小丽' })).toBeInTheDocument();
    expect(bodiesOf(calls, SEARCH)[1]).toEqual({ ...UNFILTERED, page: 2 });
  });

  it('shows the server’s words for refused filters, else failed to search users', async () => {
    signIn();
    fakeApi({ [SEARCH]: [fail(400, 400, '年龄范围无效')] });
    renderSearch();
    expect(await screen.findByText('年龄范围无效')).toBeInTheDocument();
  });

  it('says failed to search users when the search fails without words from the server', async () => {
    signIn();
    fakeApi({ [SEARCH]: 'network-failure' });
    renderSearch();
    expect(await screen.findByText('failed to search users')).toBeInTheDocument();
  });
});
