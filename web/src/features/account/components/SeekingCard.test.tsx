import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { myProfile, signIn } from '../../profile/testing';
import { SeekingCard } from './SeekingCard';

const mine = (seekGender: string, seekAgeMin: number, seekAgeMax: number) =>
  ok(myProfile({ seekGender, seekAgeMin, seekAgeMax }));
const updates = (calls: ReturnType<typeof fakeApi>) =>
  calls.filter((call) => call.path === '/api/v1/user/profile/update').map((call) => call.body);

const minAge = () => screen.getByRole('spinbutton', { name: '最小年龄' });
const maxAge = () => screen.getByRole('spinbutton', { name: '最大年龄' });
const anyAge = () => screen.getByRole('checkbox', { name: '年龄不限' });

describe('SeekingCard', () => {
  it('says recommendations follow it, and saves sex and ages together', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [mine('', 0, 0)],
      '/api/v1/user/profile/update': [ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <SeekingCard />);
    expect(screen.getByText('推荐页会按你的择偶偏好挑选和排序合适的人。')).toBeInTheDocument();
    expect(await screen.findByText('异性（默认）')).toBeInTheDocument();
    expect(anyAge()).toBeChecked();
    expect(minAge()).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: '想认识' }));
    await user.click(await screen.findByTitle('不限'));
    await user.click(anyAge());
    await user.clear(minAge());
    await user.type(minAge(), '25');
    await user.clear(maxAge());
    await user.type(maxAge(), '35');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('择偶偏好已保存')).toBeInTheDocument();
    expect(updates(calls)).toEqual([{ seekGender: 'any', seekAgeMin: 25, seekAgeMax: 35 }]);
  });

  it('shows the saved preference and sends 0 and 0 for 年龄不限', async () => {
    signIn();
    const calls = fakeApi({
      '/api/v1/user/myprofile/get': [mine('male', 30, 40)],
      '/api/v1/user/profile/update': [ok(null)],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <SeekingCard />);
    expect(await screen.findByTitle('男')).toBeInTheDocument();
    expect(minAge()).toHaveValue('30');
    expect(maxAge()).toHaveValue('40');
    expect(anyAge()).not.toBeChecked();
    await user.click(anyAge());
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('择偶偏好已保存')).toBeInTheDocument();
    expect(updates(calls)).toEqual([{ seekGender: 'male', seekAgeMin: 0, seekAgeMax: 0 }]);
  });

  it('refuses a range whose lower end is above its upper end, in the server’s words, without sending', async () => {
    signIn();
    const calls = fakeApi({ '/api/v1/user/myprofile/get': [mine('female', 30, 40)] });
    const user = userEvent.setup();
    renderAt('/user/account', <SeekingCard />);
    await screen.findByTitle('女');
    await user.clear(minAge());
    await user.type(minAge(), '45');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('择偶年龄应在18到80岁之间，且下限不大于上限')).toBeInTheDocument();
    expect(updates(calls)).toEqual([]);
  });

  it('shows the server’s words when saving fails', async () => {
    signIn();
    fakeApi({
      '/api/v1/user/myprofile/get': [mine('female', 30, 40)],
      '/api/v1/user/profile/update': [fail(400, 400, '择偶性别只能是男、女或不限')],
    });
    const user = userEvent.setup();
    renderAt('/user/account', <SeekingCard />);
    await screen.findByTitle('女');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('择偶性别只能是男、女或不限')).toBeInTheDocument();
  });
});
