import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderAt } from '../../../test/render';
import type { Moment } from '../model';
import { MomentCard } from './MomentCard';
import { momentPlace } from './MomentPlace';

const place = (landmark: string, city: string, province: string) => ({ landmark, city, province });

function moment(overrides: Partial<Moment> = {}): Moment {
  return {
    momentId: 1,
    user: { uuid: 'uuid-other', birthyear: 0, city: '', occupation: '', education: '', sex: 0, height: 0 },
    nickName: '阿杰',
    avatar: '',
    content: '周末去湖边散步',
    images: [],
    likeCount: 0,
    isLiked: false,
    likes: '[]',
    commentCount: 0,
    createdAt: Math.floor(Date.now() / 1000) - 120,
    comments: '[]',
    province: '',
    city: '',
    region: '',
    landmark: '',
    ...overrides,
  };
}

describe('momentPlace', () => {
  it('names the landmark first, else the city, else the province', () => {
    expect(momentPlace(place('西湖断桥', '杭州市', '浙江省'))).toBe('西湖断桥');
    expect(momentPlace(place('', '杭州市', '浙江省'))).toBe('杭州市');
    expect(momentPlace(place(' ', '', '浙江省'))).toBe('浙江省');
    expect(momentPlace(place('', '', ''))).toBe('');
  });

  it('skips a municipality’s 市辖区 for the province’s name', () => {
    expect(momentPlace(place('', '市辖区', '北京市'))).toBe('北京市');
  });
});

describe('MomentCard place', () => {
  it('shows where the moment was posted', () => {
    fakeApi({});
    renderAt(
      '/moment',
      <MomentCard
        moment={moment({ province: '浙江省', city: '杭州市', region: '西湖区', landmark: '西湖断桥' })}
        me={undefined}
        onLoginRequired={() => {}}
      />,
    );
    expect(screen.getByText('西湖断桥')).toBeInTheDocument();
    expect(screen.queryByText('杭州市')).toBeNull();
  });

  it('shows no place line for a moment without one', () => {
    fakeApi({});
    const { container } = renderAt(
      '/moment',
      <MomentCard moment={moment()} me={undefined} onLoginRequired={() => {}} />,
    );
    expect(container.querySelector('.anticon-environment')).toBeNull();
  });
});
