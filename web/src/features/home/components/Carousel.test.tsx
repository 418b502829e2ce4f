import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './Carousel';

const visibleSlide = () => screen.getByRole('group', { name: /\/ 3$/ });
const current = () => screen.getByRole('button', { current: true });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Carousel', () => {
  it('shows one of three illustrated slides at a time', () => {
    render(<Carousel />);
    expect(screen.getByRole('region', { name: '心桥精选' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group', { hidden: true })).toHaveLength(3);
    expect(visibleSlide()).toHaveAccessibleName('1 / 3');
    expect(screen.getByRole('img', { name: /夕阳下两个人相向而立/ })).toHaveAttribute(
      'src',
      '/images/carousel-meet.svg',
    );
    expect(screen.getByRole('heading', { name: '遇见真诚的另一半' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '分享生活，遇见同频的人' })).not.toBeInTheDocument();
  });

  it('moves on every 4000 ms and comes back round to the first', () => {
    render(<Carousel />);
    advance(3999);
    expect(visibleSlide()).toHaveAccessibleName('1 / 3');
    advance(1);
    expect(visibleSlide()).toHaveAccessibleName('2 / 3');
    expect(current()).toHaveAccessibleName('第 2 张');
    advance(4000);
    expect(visibleSlide()).toHaveAccessibleName('3 / 3');
    advance(4000);
    expect(visibleSlide()).toHaveAccessibleName('1 / 3');
  });

  it('goes where the arrows and dots say, and waits a full interval after', () => {
    render(<Carousel />);
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(visibleSlide()).toHaveAccessibleName('3 / 3');
    advance(3999);
    expect(visibleSlide()).toHaveAccessibleName('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: '第 2 张' }));
    expect(visibleSlide()).toHaveAccessibleName('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(visibleSlide()).toHaveAccessibleName('3 / 3');
  });

  it('stops when paused and holds while the pointer is over it', () => {
    render(<Carousel />);
    fireEvent.click(screen.getByRole('button', { name: '暂停轮播' }));
    advance(12_000);
    expect(visibleSlide()).toHaveAccessibleName('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: '继续轮播' }));
    advance(4000);
    expect(visibleSlide()).toHaveAccessibleName('2 / 3');

    fireEvent.mouseEnter(screen.getByRole('region', { name: '心桥精选' }));
    advance(8000);
    expect(visibleSlide()).toHaveAccessibleName('2 / 3');
    fireEvent.mouseLeave(screen.getByRole('region', { name: '心桥精选' }));
    advance(4000);
    expect(visibleSlide()).toHaveAccessibleName('3 / 3');
  });
});
