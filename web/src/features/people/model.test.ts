import { describe, expect, it } from 'vitest';
import { displayName, hasChildren, initialListControls, lastPage, listControlsReducer } from './model';

describe('displayName', () => {
  it('is the nickname, else the username', () => {
    expect(displayName({ nickname: '阿浩', username: 'ahao' })).toBe('阿浩');
    expect(displayName({ nickname: '  ', username: 'ahao' })).toBe('ahao');
  });
});

describe('hasChildren', () => {
  it('is true when there are any boys or girls', () => {
    expect(hasChildren({ boyCount: 0, girlCount: 0 })).toBe(false);
    expect(hasChildren({ boyCount: 1, girlCount: 0 })).toBe(true);
    expect(hasChildren({ boyCount: 0, girlCount: 2 })).toBe(true);
  });
});

describe('listControlsReducer', () => {
  const typed = listControlsReducer(
    { ...initialListControls<'a' | 'b'>('a'), page: 3 },
    { type: 'type', input: ' 杭州 ' },
  );

  it('keeps the page while typing, and starts the search at page 1 with the trimmed words', () => {
    expect(typed).toEqual({ tab: 'a', page: 3, input: ' 杭州 ', keyword: '' });
    expect(listControlsReducer(typed, { type: 'search' })).toEqual({
      tab: 'a',
      page: 1,
      input: ' 杭州 ',
      keyword: '杭州',
    });
  });

  it('changes nothing when the search is what was already asked', () => {
    const searched = listControlsReducer(typed, { type: 'search' });
    const paged = listControlsReducer(searched, { type: 'page', page: 2 });
    expect(listControlsReducer(paged, { type: 'search' })).toBe(paged);
  });

  it('clears the search and goes back to page 1 on another tab; the same tab changes nothing', () => {
    const searched = listControlsReducer(typed, { type: 'search' });
    const paged = listControlsReducer(searched, { type: 'page', page: 2 });
    expect(listControlsReducer(paged, { type: 'tab', tab: 'b' })).toEqual({
      tab: 'b',
      page: 1,
      input: '',
      keyword: '',
    });
    expect(listControlsReducer(paged, { type: 'tab', tab: 'a' })).toBe(paged);
  });
});

describe('lastPage', () => {
  it('is the page the last person is on, at least 1', () => {
    expect(lastPage(0, 12)).toBe(1);
    expect(lastPage(12, 12)).toBe(1);
    expect(lastPage(13, 12)).toBe(2);
  });
});
